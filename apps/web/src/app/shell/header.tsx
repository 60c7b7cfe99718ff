import { isAuthorised, useSession } from '@tessera/account/data-access-session';
import { LogoutButton } from '@tessera/account/feature-auth';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import { languageName, switchLanguage } from '@tessera/shared/util-i18n';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { DisclosureMenu } from './disclosure-menu';
import { splitHeaderNav } from './nav-items';

// The wallet's code loads after the page: the balance is fetched in the browser anyway (it is never server-rendered).
const HeaderBalance = lazy(() => import('./header-balance').then((m) => ({ default: m.HeaderBalance })));
// Session time and net position where the configuration asks (responsible.showSessionTimer, showNetPosition).
const HeaderSessionStatus = lazy(() => import('./player-protection').then((m) => ({ default: m.HeaderSessionStatus })));

// The header's height is fixed per breakpoint from the first byte (pure CSS, no measuring), so nothing below it moves
// when it hydrates. Narrow screens put the navigation on its own scrollable row under the logo and the actions.
const StyledHeader = styled.header`
  position: sticky;
  inset-block-start: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: grid;
  grid-template-columns: auto 1fr;
  grid-template-rows: ${({ theme }) => theme.headerHeight} 44px;
  grid-template-areas: 'logo actions' 'nav nav';
  align-items: center;
  column-gap: ${({ theme }) => theme.space(4)};
  padding-inline: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.secondary.base};
  color: ${({ theme }) => theme.color.secondary.text};
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: auto 1fr auto;
    grid-template-rows: ${({ theme }) => theme.headerHeight};
    grid-template-areas: 'logo nav actions';
  }
`;

const StyledLogoLink = styled(Link)`
  grid-area: logo;
  display: inline-flex;
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
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledNavList = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
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

/** Logo path of a brand: the API serves `brands/<id>/assets/` under `/brand-assets/<id>/`. */
export function logoUrl(brandId: string, src: string): string {
  return `/brand-assets/${encodeURIComponent(brandId)}/${src.replace(/^(\.\/)?assets\//, '')}`;
}

/** The site header: logo, navigation from the configuration (overflow under "more"), language switcher, account actions. */
export function Header() {
  const brand = useBrand();
  const session = useSession();
  const { t, tDynamic } = useT();
  const location = useLocation();
  const { header } = brand.config;
  const nav = splitHeaderNav(header.navItems, header.maxVisibleNavItems, isAuthorised(session));
  const logo = brand.payload.theme.logo;
  const here = `${location.pathname}${location.search}`;
  // The balance is fetched in the browser only, and renderToString cannot suspend: it mounts after hydration.
  const [balanceReady, setBalanceReady] = useState(false);
  useEffect(() => setBalanceReady(true), []);

  return (
    <StyledHeader>
      <StyledLogoLink to="/">
        <img
          src={logoUrl(brand.id, logo.src)}
          alt={t('header:logo.home', { brand: brand.name })}
          width={logo.width ?? 120}
          height={logo.height ?? 32}
        />
      </StyledLogoLink>
      <StyledNav aria-label={t('header:nav.label')}>
        <StyledNavList>
          {nav.visible.map((item) => (
            <li key={item.id}>
              <Link to={item.link}>{tDynamic(item.langKey, item.id)}</Link>
            </li>
          ))}
        </StyledNavList>
        {nav.more.length > 0 ? (
          <DisclosureMenu label={t('header:nav.more')}>
            {nav.more.map((item) => (
              <li key={item.id}>
                <Link to={item.link}>{tDynamic(item.langKey, item.id)}</Link>
              </li>
            ))}
          </DisclosureMenu>
        ) : null}
      </StyledNav>
      <StyledActions>
        {brand.languages.length > 1 ? (
          <DisclosureMenu label={brand.language.toUpperCase()} accessibleName={t('header:language.switcher')}>
            {brand.languages.map((code) => (
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
            ))}
          </DisclosureMenu>
        ) : null}
        {isAuthorised(session) ? (
          <>
            <span>{tDynamic('account:accountId', session.user.id, { id: session.user.id })}</span>
            {balanceReady ? (
              <Suspense fallback={<span>{t('coupon:balance.loading')}</span>}>
                <HeaderBalance />
              </Suspense>
            ) : (
              <span>{t('coupon:balance.loading')}</span>
            )}
            {balanceReady && (brand.config.responsible.showSessionTimer || brand.config.responsible.showNetPosition) ? (
              <Suspense fallback={null}>
                <HeaderSessionStatus />
              </Suspense>
            ) : null}
            <Link to="/office" variant="accent" size="small">
              {t('header:auth.office')}
            </Link>
            <LogoutButton />
          </>
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
