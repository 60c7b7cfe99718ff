import { AccountApiProvider } from '@tessera/account/data-access-session';
import { ResponsibleGamingInfo } from '@tessera/account/feature-responsible';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@tessera/shared/data-access-brand';
import { NotFoundError, useApiClient } from '@tessera/shared/data-access-api';
import { PageState, pageStatus } from '@tessera/shared/ui';
import { useLoaderData } from 'react-router';
// Types only: the server-data runner stays out of the client's chunks.
import type { ServerData } from '../app/server-data';
import { InformationBlocks } from './information/information-blocks';
import { informationQuery } from './information/information.api';
import { NotFoundPage } from './not-found-page';
import { PageLayout } from './page-layout';

/** The page's text is in the first HTML; a page the brand has not written answers 404 (ADR 0335). */
export const informationServerData: ServerData = {
  kind: 'item',
  async prefetch({ params, queryClient, api }) {
    const page = params['page'];
    const language = params['lng'];
    if (!page || !language) return;
    await queryClient.prefetchQuery({ ...informationQuery(api, page, language), retry: false });
  },
};

/**
 * An information page (rules, privacy, cookies, responsible gaming, payments, how to bet, contacts, about, ...): its
 * text is the brand's content file for the page's language (brands/<id>/content/<lng>/<page>.md). The
 * responsible-gaming page adds what this brand, country and language really offer, from the configuration.
 */
export function InformationPage() {
  const { page } = useLoaderData() as { page: string };
  // The site's same-origin client (cookies, no token): the page's text is public, the server render prefetched it.
  return (
    <AccountApiProvider>
      <InformationText page={page} />
    </AccountApiProvider>
  );
}

function InformationText({ page }: { page: string }) {
  const { t, tDynamic, language } = useT();
  const client = useApiClient();
  const text = useQuery(informationQuery(client, page, language));
  if (text.error instanceof NotFoundError) return <NotFoundPage />;
  return (
    <PageLayout title={text.data?.title ?? tDynamic(`pages:${page}.title`, page)}>
      <PageState
        status={pageStatus(text)}
        loadingLabel={t('pages:information.loading')}
        errorText={t('pages:information.error')}
        retryLabel={t('pages:information.retry')}
        onRetry={() => void text.refetch()}
        rows={6}
      >
        {text.data ? <InformationBlocks blocks={text.data.blocks} /> : null}
      </PageState>
      {/* What the site really offers, from its configuration (libs/server/responsible README). */}
      {page === 'responsiblegaming' ? <ResponsibleGamingInfo /> : null}
    </PageLayout>
  );
}
