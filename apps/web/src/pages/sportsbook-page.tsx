import { SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import { SportsbookNav } from '@tessera/sportsbook/feature-line';
import type { ReactNode } from 'react';
import { CouponArea } from './coupon-area';
import { PageLayout } from './page-layout';

/** A positive integer id from the address, or undefined (an unknown id then reads as "not available", never a crash). */
export function idParam(value: string | undefined): number | undefined {
  if (!value || !/^[0-9]{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** Same rule as the pages: a positive integer sport id from the address (`/line/12/...`), or undefined. */
export function sportParam(value: string | undefined): number | undefined {
  const first = (value ?? '').split('/')[0] ?? '';
  if (!/^[0-9]{1,9}$/.test(first)) return undefined;
  const id = Number(first);
  return id > 0 ? id : undefined;
}

/** The frame of every sportsbook page: feed provider, the coupon beside the page, the sportsbook navigation. */
export function SportsbookPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <SportsbookProvider>
      <CouponArea>
        <PageLayout title={title}>
          <SportsbookNav />
          {children}
        </PageLayout>
      </CouponArea>
    </SportsbookProvider>
  );
}
