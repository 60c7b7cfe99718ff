import { useAccountText } from '@tessera/account/data-access-session';
import { useT } from '@tessera/shared/data-access-brand';
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

/** The office's own navigation: overview and security (more sections arrive with their issues). */
export function OfficeNav() {
  const { ta } = useAccountText();
  const { t } = useT();
  return (
    <nav aria-label={ta('office.nav')}>
      <StyledNavList>
        <li>
          <Link to="/office" variant="ghost" size="small">
            {ta('office.nav.overview')}
          </Link>
        </li>
        <li>
          <Link to="/office/security" variant="ghost" size="small">
            {ta('office.nav.security')}
          </Link>
        </li>
        <li>
          <Link to="/office/bets" variant="ghost" size="small">
            {t('coupon:office.nav.bets')}
          </Link>
        </li>
        <li>
          <Link to="/office/payments" variant="ghost" size="small">
            {t('coupon:office.nav.payments')}
          </Link>
        </li>
        <li>
          <Link to="/office/deposit" variant="ghost" size="small">
            {t('coupon:office.nav.deposit')}
          </Link>
        </li>
      </StyledNavList>
    </nav>
  );
}
