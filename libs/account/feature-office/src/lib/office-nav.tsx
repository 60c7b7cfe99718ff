import { useAccountText } from '@tessera/account/data-access-session';
import { isFeatureOn, useBrand, useFeature, useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import styled from 'styled-components';

const StyledNavList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The office pages this navigation links, by their id in the configuration (`office.pages.<id>.enabled`). */
export type OfficePageId =
  'security' | 'bets-history' | 'payments-history' | 'deposit' | 'withdraw' | 'responsible-gambling' | 'verification';

/** True when the brand, country and language (and the platform, ADR 0140) offer the office page. */
export function useOfficePage(id: OfficePageId): boolean {
  return useFeature(`office.pages.${id}`);
}

/** What an office page switched off shows where its route is opened directly (an old bookmark, a typed address). */
export function OfficePageOff() {
  const { ta } = useAccountText();
  return (
    <p role="status">
      {ta('office.pageOff')}{' '}
      <Link to="/office" variant="accent" size="small">
        {ta('office.nav.overview')}
      </Link>
    </p>
  );
}

/** The office's own navigation: the overview and every section the configuration switches on, nothing else. */
export function OfficeNav() {
  const { ta } = useAccountText();
  const { t } = useT();
  const pages: { id: OfficePageId; to: string; text: string }[] = [
    { id: 'security', to: '/office/security', text: ta('office.nav.security') },
    // Open bets with their live cash-out values, then the whole history: both shown where the bets history is.
    { id: 'bets-history', to: '/office/open-bets', text: t('coupon:openBets.title') },
    { id: 'bets-history', to: '/office/bets', text: t('coupon:office.nav.bets') },
    { id: 'payments-history', to: '/office/payments', text: t('coupon:office.nav.payments') },
    { id: 'withdraw', to: '/office/withdraw', text: t('payments:nav.withdraw') },
    { id: 'deposit', to: '/office/deposit', text: t('coupon:office.nav.deposit') },
    { id: 'responsible-gambling', to: '/office/responsible', text: t('responsible:office.nav') },
    { id: 'verification', to: '/office/verification', text: t('verification:nav') },
  ];
  const shown = useShownPages(pages.map((page) => page.id));
  const { config } = useBrand();
  return (
    <nav aria-label={ta('office.nav')}>
      <StyledNavList>
        <li>
          <Link to="/office" variant="ghost" size="small">
            {ta('office.nav.overview')}
          </Link>
        </li>
        {pages
          .filter((page) => shown.has(page.id))
          .map((page) => (
            <li key={page.to}>
              <Link to={page.to} variant="ghost" size="small">
                {page.text}
              </Link>
            </li>
          ))}
        {config.cashier.currencyAccounts.enabled ? (
          <li>
            <Link to="/office/wallets" variant="ghost" size="small">
              {t('payments:nav.wallets')}
            </Link>
          </li>
        ) : null}
        {/* The casino's rounds (office.casinoLink), where the casino is on. */}
        {config.modules.casino.enabled ? (
          <li>
            <Link to={config.office.casinoLink} variant="ghost" size="small">
              {ta('office.nav.casino')}
            </Link>
          </li>
        ) : null}
      </StyledNavList>
    </nav>
  );
}

function useShownPages(ids: readonly OfficePageId[]): ReadonlySet<OfficePageId> {
  const { config } = useBrand();
  return new Set(ids.filter((id) => isFeatureOn(config, `office.pages.${id}`)));
}
