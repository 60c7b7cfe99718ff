import { isAuthorised, useSession } from '@tessera/account/data-access-session';
import { useHydrated } from '@tessera/account/ui';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { ScrollToTop } from '@tessera/shared/ui';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import styled from 'styled-components';
import { useRenderYear } from '../app-providers';
import { ownsTitle, titleKeyOf } from '../route-handle';
import { ConsentBanner } from '../consent/consent-banner';
import { ConsentProvider, useConsent } from '../consent/consent-context';
import { Footer } from './footer';
import { Header } from './header';
import { PhoneTabBar } from './phone-tab-bar';

// Signed-in pages of a brand with idle sign-out load the warning after hydration (libs/server/accounts README, "Idle sign-out and session lifetime").
const IdleWatch = lazy(() => import('./idle-watch').then((m) => ({ default: m.IdleWatch })));
// Signed-in pages of a brand with reality checks load the dialog after hydration (libs/server/responsible README).
const RealityCheckWatch = lazy(() => import('./player-protection').then((m) => ({ default: m.RealityCheckWatch })));

const StyledSkipLink = styled.a`
  position: absolute;
  inset-inline-start: ${({ theme }) => theme.space(2)};
  inset-block-start: -100px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.color.primary.base};
  color: ${({ theme }) => theme.color.primary.text};
  &:focus {
    inset-block-start: ${({ theme }) => theme.space(2)};
  }
`;

const StyledMain = styled.main`
  max-width: 1280px;
  min-height: 60vh;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space(4)};
`;

/** The document title for a page title key. */
export function usePageTitle(): string {
  const { t } = useT();
  const { name } = useBrand();
  const key = titleKeyOf(useMatches());
  return key ? `${t(key)} | ${name}` : name;
}

/** Records a page view for analytics on each address (kept only where analytics and the visitor's consent allow). */
function PageViews() {
  const consent = useConsent();
  const { pathname } = useLocation();
  const track = consent?.track;
  useEffect(() => {
    track?.('page_view', { path: pathname });
  }, [track, pathname]);
  return null;
}

/**
 * The page frame: skip link, the cookie-consent banner (with the analytics it governs, ADR 0371), header, the page,
 * footer, the back-to-top button and the phone's bottom tab bar.
 */
export function Shell() {
  return (
    <ConsentProvider>
      <ShellFrame />
      <PageViews />
    </ConsentProvider>
  );
}

function ShellFrame() {
  const { t } = useT();
  const { config } = useBrand();
  const title = usePageTitle();
  const pageOwnsTitle = ownsTitle(useMatches());
  const year = useRenderYear();
  const session = useSession();
  const hydrated = useHydrated();
  useEffect(() => {
    // A page that names itself from its data (a game's match) sets the title; the shell does not overwrite it.
    if (!pageOwnsTitle) document.title = title;
  }, [title, pageOwnsTitle]);
  return (
    <>
      <StyledSkipLink href="#main">{t('common:nav.skipToContent')}</StyledSkipLink>
      {/* Early in the document, though fixed at the bottom: for a first visit it is the largest paint, and here it
          arrives with the first bytes of the HTML instead of after the whole page on a slow network (README). */}
      <ConsentBanner />
      <Header />
      <StyledMain id="main" tabIndex={-1}>
        <Outlet />
      </StyledMain>
      <Footer year={year} />
      <PhoneTabBar />
      {config.boolean.scrollToTop ? <ScrollToTop settings={config.other.scrollToTop} /> : null}
      {hydrated && isAuthorised(session) && config.auth.autoLogoff.enabled ? (
        <Suspense fallback={null}>
          <IdleWatch />
        </Suspense>
      ) : null}
      {hydrated && isAuthorised(session) && config.responsible.realityCheck.enabled ? (
        <Suspense fallback={null}>
          <RealityCheckWatch />
        </Suspense>
      ) : null}
    </>
  );
}
