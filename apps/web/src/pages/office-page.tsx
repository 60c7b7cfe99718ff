import { AccountApiProvider, filterAuthorized, personalName, useSession } from '@tessera/account/data-access-session';
import {
  BetsHistory,
  DepositForm,
  OfficeNav,
  OfficeOverview,
  OfficePageOff,
  OpenBets,
  PaymentsHistory,
  useOfficePage,
  WalletsPage,
  WithdrawalPage,
} from '@tessera/account/feature-office';
import { explainResponsibleRefusal, ResponsiblePage } from '@tessera/account/feature-responsible';
import { SecurityArea } from '@tessera/account/feature-security';
import { explainVerificationRefusal, VerificationPage } from '@tessera/account/feature-verification';
import { useT } from '@tessera/shared/data-access-brand';
import { useSelectionPickName } from '@tessera/sportsbook/data-access-coupon';
import { Skeleton } from '@tessera/shared/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLayout } from './page-layout';

// The casino history loads with its own code and copy, only when opened (issue 15).
const CasinoHistory = lazy(() => import('./office-casino-history').then((m) => ({ default: m.CasinoHistory })));

/** A deposit refused by player protection or by identity verification, explained by the feature that refused it. */
const explainMoneyRefusal = (error: unknown) => explainResponsibleRefusal(error) ?? explainVerificationRefusal(error);

/** The personal account area (authorised only; the route guard sends guests to login first). */
export function OfficePage() {
  const { t } = useT();
  // Spec section 6: reaching here as a guest is a programming error and throws 'filterAuthorized: access denied'.
  const user = filterAuthorized(useSession());
  // The history names selections in the sportsbook's words (the office library does not depend on the sportsbook).
  const selectionName = useSelectionPickName();
  // A section the brand, country or platform switches off is not linked, and its address says so (office.pages).
  const on = {
    security: useOfficePage('security'),
    withdraw: useOfficePage('withdraw'),
    bets: useOfficePage('bets-history'),
    payments: useOfficePage('payments-history'),
    deposit: useOfficePage('deposit'),
    responsible: useOfficePage('responsible-gambling'),
    verification: useOfficePage('verification'),
  };
  const off = <OfficePageOff />;
  return (
    <PageLayout
      title={t('pages:office.title')}
      note={
        personalName(user)
          ? t('pages:office.welcome', { name: personalName(user) ?? '' })
          : t('pages:office.welcomeNoName')
      }
    >
      <OfficeNav />
      <AccountApiProvider>
        {/* The office route is `office/*`: its sections are descendant routes, so the route table stays small. */}
        <Routes>
          <Route
            path="withdraw"
            element={on.withdraw ? <WithdrawalPage explainRefusal={explainVerificationRefusal} /> : off}
          />
          <Route path="security" element={on.security ? <SecurityArea /> : off} />
          <Route
            path="casino"
            element={
              <Suspense fallback={<Skeleton count={5} height="2.5rem" label={t('pages:office.title')} />}>
                <CasinoHistory />
              </Suspense>
            }
          />
          {/* On every brand: a brand without currency accounts says so there (cashier.currencyAccounts). */}
          <Route path="wallets" element={<WalletsPage />} />
          <Route path="bets" element={on.bets ? <BetsHistory selectionName={selectionName} /> : off} />
          <Route path="open-bets" element={on.bets ? <OpenBets selectionName={selectionName} /> : off} />
          <Route path="payments" element={on.payments ? <PaymentsHistory /> : off} />
          <Route path="deposit" element={on.deposit ? <DepositForm explainRefusal={explainMoneyRefusal} /> : off} />
          {/* The spec's address of the deposit page, where registration sends a new player (registration.redirectAfter). */}
          <Route path="recharge" element={on.deposit ? <DepositForm explainRefusal={explainMoneyRefusal} /> : off} />
          <Route path="responsible" element={on.responsible ? <ResponsiblePage /> : off} />
          <Route path="verification" element={on.verification ? <VerificationPage /> : off} />
          <Route path="*" element={<OfficeOverview />} />
        </Routes>
      </AccountApiProvider>
    </PageLayout>
  );
}
