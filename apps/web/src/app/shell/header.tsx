import { isAuthorised, personalName, useSession } from '@tessera/account/data-access-session';
import { LogoutButton } from '@tessera/account/feature-auth';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import { languageName, switchLanguage } from '@tessera/shared/util-i18n';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { AccountMenu } from './account-menu';
import { DisclosureMenu } from './disclosure-menu';
import { splitHeaderNav } from './nav-items';
import { useFittingNav } from './use-fitting-nav';

// The wallet's code loads after the page: the balance is fetched in the browser anyway (it is never server-rendered).
const HeaderBalance = lazy(() => import('./header-balance').then((m) => ({ default: m.HeaderBalance })));
// Session time and net position where the configuration asks (responsible.showSessionTimer, showNetPosition).
const HeaderSessionStatus = lazy(() => import('./player-protection').then((m) => ({ default: m.HeaderSessionStatus })));

// The header's height is fixed per breakpoint from the first byte (pure CSS, no measuring; the session and the
// configuration are known to the server), so nothing below it moves when it hydrates. Narrow screens: logo and the
// account's essentials (balance, deposit, the account menu) on the first row, the session status on a slim row of its
// own where the brand shows it, the navigation on its own scrollable row. Wide screens: one row.
const StyledHeader = styled.header<{ $status: boolean }>`
  position: sticky;
  inset-block-start: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: grid;
  grid-template-columns: minmax(40px, 1fr) auto;
  grid-template-rows: ${({ theme }) => theme.headerHeight} ${({ $status }) => ($status ? '24px' : '')} 44px;
  grid-template-areas: ${({ $status }) => ($status ? `'logo actions' 'status status' 'nav nav'` : `'logo actions' 'nav nav'`)};
  align-items: center;
  column-gap: ${({ theme }) => theme.space(2)};
  padding-inline: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.color.secondary.base};
  color: ${({ theme }) => theme.color.secondary.text};
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: max-content minmax(0, 1fr) auto auto;
    grid-template-rows: ${({ theme }) => theme.headerHeight};
    grid-template-areas: 'logo nav status actions';
    column-gap: ${({ theme }) => theme.space(4)};
    padding-inline: ${({ theme }) => theme.space(4)};
  }
`;

const StyledLogoLink = styled(Link)`
  grid-area: logo;
  display: inline-flex;
  min-inline-size: 0;
  /* The logo keeps its configured size and shrinks, never below 40 px, when a narrow phone needs the room. */
  img {
    max-inline-size: 100%;
    block-size: auto;
    object-fit: contain;
    object-position: ${({ theme }) => (theme.rtl ? 'right' : 'left')} center;
  }
`;

const StyledStatus = styled.div`
  grid-area: status;
  min-inline-size: 0;
  overflow: hidden;
  font-size: ${({ theme }) => theme.typography.size.small};
  white-space: nowrap;
  text-overflow: ellipsis;
  font-variant-numeric: tabular-nums;
`;

const StyledNav = styled.nav`
  grid-area: nav;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledActions = styled.div`
  grid-area: actions;
  justify-self: end;
  min-inline-size: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledNavList = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  margin: 0;
  padding: 0;
  list-style: none;
  /* Items beyond the width scroll rather than being clipped, so every item stays reachable on narrow screens. */
  overflow-x: auto;
  scrollbar-width: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding-inline: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radii.small};
    color: ${({ theme }) => theme.color.secondary.text};
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover {
    background: ${({ theme }) => theme.color.secondary.hover};
  }
  a[aria-current='page'] {
    box-shadow: inset 0 -3px 0 ${({ theme }) => theme.color.accent.base};
  }
`;

// A signed-in bettor's phone header keeps its room for the balance and deposit: the languages move into the account
// menu there, and the switcher comes back on wide screens.
const StyledLanguage = styled.div<{ $inAccountMenu: boolean }>`
  display: ${({ $inAccountMenu }) => ($inAccountMenu ? 'none' : 'block')};
  ${({ theme }) => theme.media.lg} {
    display: block;
  }
`;

const StyledGreeting = styled.span`
  display: grid;
  line-height: 1.2;
  min-inline-size: 0;
  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: inherit;
    opacity: 0.85;
  }
`;

const StyledMenuLanguages = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} 0 0;
  border-block-start: 1px solid ${({ theme }) => theme.color.border.base};
  list-style: none;
  a {
    color: ${({ theme }) => theme.color.text.link};
  }
  a[aria-current='true'] {
    font-weight: ${({ theme }) => theme.typography.weight.bold};
  }
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

/** Logo path of a brand: the API serves `brands/<id>/assets/` under `/brand-assets/<id>/`. */
export function logoUrl(brandId: string, src: string): string {
  return `/brand-assets/${encodeURIComponent(brandId)}/${src.replace(/^(\.\/)?assets\//, '')}`;
}

/**
 * The site header: logo, navigation from the configuration (what does not fit under "more"), language switcher, and
 * for a guest log in and register; for a signed-in bettor the balance and deposit always in reach and the rest of the
 * account behind the account menu on phones (inline on wide screens).
 */
export function Header() {
  const brand = useBrand();
  const session = useSession();
  const { t, tDynamic } = useT();
  const location = useLocation();
  const { header, responsible } = brand.config;
  const authorised = isAuthorised(session);
  const nav = splitHeaderNav(header.navItems, header.maxVisibleNavItems, authorised);
  const { listRef, fitting } = useFittingNav(nav.visible.length, nav.more.length > 0);
  const shown = fitting === null ? nav.visible : nav.visible.slice(0, fitting);
  const more = fitting === null ? nav.more : [...nav.visible.slice(fitting), ...nav.more];
  const logo = brand.payload.theme.logo;
  const here = `${location.pathname}${location.search}`;
  // The balance is fetched in the browser only, and renderToString cannot suspend: it mounts after hydration.
  const [balanceReady, setBalanceReady] = useState(false);
  useEffect(() => setBalanceReady(true), []);
  const status = authorised && (responsible.showSessionTimer || responsible.showNetPosition);
  const balance = (variant: 'full' | 'amount') => {
    const waiting =
      variant === 'amount' ? <span aria-hidden="true">…</span> : <span>{t('coupon:balance.loading')}</span>;
    return balanceReady ? (
      <Suspense fallback={waiting}>
        <HeaderBalance variant={variant} />
      </Suspense>
    ) : (
      waiting
    );
  };

  const languages = brand.languages.map((code) => (
    <li key={code}>
      {/* A plain link: another language needs a fresh page with that language's dictionary. */}
      <a
        href={switchLanguage(here, brand.language, code)}
        hrefLang={code}
        lang={code}
        aria-current={code === brand.language ? 'true' : undefined}
      >
        {languageName(code)}
      </a>
    </li>
  ));

  return (
    <StyledHeader $status={status}>
      <StyledLogoLink to="/">
        <img
          src={logoUrl(brand.id, logo.src)}
          alt={t('header:logo.home', { brand: brand.name })}
          width={logo.width ?? 120}
          height={logo.height ?? 32}
        />
      </StyledLogoLink>
      <StyledNav aria-label={t('header:nav.label')}>
        <StyledNavList ref={listRef}>
          {shown.map((item) => (
            <li key={item.id}>
              <Link to={item.link}>{tDynamic(item.langKey, item.id)}</Link>
            </li>
          ))}
        </StyledNavList>
        {more.length > 0 ? (
          <DisclosureMenu label={t('header:nav.more')}>
            {more.map((item) => (
              <li key={item.id}>
                <Link to={item.link}>{tDynamic(item.langKey, item.id)}</Link>
              </li>
            ))}
          </DisclosureMenu>
        ) : null}
      </StyledNav>
      {status ? (
        <StyledStatus>
          {balanceReady ? (
            <Suspense fallback={null}>
              <HeaderSessionStatus />
            </Suspense>
          ) : null}
        </StyledStatus>
      ) : null}
      <StyledActions>
        {brand.languages.length > 1 ? (
          <StyledLanguage $inAccountMenu={authorised}>
            <DisclosureMenu label={brand.language.toUpperCase()} accessibleName={t('header:language.switcher')}>
              {languages}
            </DisclosureMenu>
          </StyledLanguage>
        ) : null}
        {isAuthorised(session) ? (
          <AccountMenu
            toggleLabel={balance('amount')}
            deposit={
              <Link to="/office/deposit" variant="accent" size="small">
                {t('header:auth.deposit')}
              </Link>
            }
          >
            {/* Greeted by name (the account number when it has none is no greeting); the number, the login of
                one-click accounts, stays under it. */}
            <StyledGreeting>
              <strong>
                {personalName(session.user)
                  ? t('header:account.greeting', { name: personalName(session.user) ?? '' })
                  : t('header:account.greetingNoName')}
              </strong>
              <small>{tDynamic('account:accountId', session.user.id, { id: session.user.id })}</small>
            </StyledGreeting>
            {balance('full')}
            <Link to="/office" variant="ghost" size="small">
              {t('header:auth.office')}
            </Link>
            <LogoutButton />
            {brand.languages.length > 1 ? (
              <StyledMenuLanguages aria-label={t('header:language.switcher')}>{languages}</StyledMenuLanguages>
            ) : null}
          </AccountMenu>
        ) : (
          <>
            <Link to="/login" variant="ghost" size="small">
              {t('header:auth.login')}
            </Link>
            <Link to="/registration" variant="accent" size="small">
              {t('header:auth.registration')}
            </Link>
          </>
        )}
      </StyledActions>
    </StyledHeader>
  );
}
