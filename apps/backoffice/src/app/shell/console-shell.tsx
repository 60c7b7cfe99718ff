import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UnauthorizedError, useApiClient } from '@tessera/shared/data-access-api';
import { Button, PageState, Skeleton } from '@tessera/shared/ui';
import { useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { consoleKeys, meQuery } from '../../api/console.queries';
import { sessionCalls } from '../../api/session.api';
import { LanguageSelect } from '../language-select';
import { useConsoleTranslate } from '../use-console-translate';
import { desksFor } from './navigation';

const StyledLayout = styled.div`
  min-height: 100vh;
  display: grid;
  /* minmax(0, …): a wide table or the menu's row scrolls inside its column instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  grid-template-rows: auto auto 1fr;
  grid-template-areas: 'top' 'nav' 'main';
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 200px minmax(0, 1fr);
    grid-template-rows: auto 1fr;
    grid-template-areas: 'top top' 'nav main';
  }
`;

const StyledSkip = styled.a`
  position: absolute;
  inset-inline-start: ${({ theme }) => theme.space(2)};
  inset-block-start: -100px;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  padding: ${({ theme }) => theme.space(2)};
  background: ${({ theme }) => theme.color.surface.base};
  &:focus {
    inset-block-start: ${({ theme }) => theme.space(2)};
  }
`;

const StyledTop = styled.header`
  grid-area: top;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.secondary.base};
  color: ${({ theme }) => theme.color.secondary.text};
  strong {
    font-size: ${({ theme }) => theme.typography.size.large};
  }
  label {
    color: inherit;
  }
`;

const StyledWho = styled.p`
  margin: 0;
  margin-inline-start: auto;
  font-size: ${({ theme }) => theme.typography.size.small};
  overflow-wrap: anywhere;
`;

const StyledNav = styled.nav`
  grid-area: nav;
  min-inline-size: 0;
  background: ${({ theme }) => theme.color.surface.base};
  border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
  ul {
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: ${({ theme }) => theme.space(2)};
    list-style: none;
    overflow-x: auto;
  }
  a {
    display: block;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radii.small};
    color: ${({ theme }) => theme.color.text.base};
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover {
    background: ${({ theme }) => theme.color.surface.raised};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.color.primary.base};
    color: ${({ theme }) => theme.color.primary.text};
  }
  ${({ theme }) => theme.media.lg} {
    border-block-end: 0;
    border-inline-end: 1px solid ${({ theme }) => theme.color.border.base};
    ul {
      flex-direction: column;
      overflow-x: visible;
    }
  }
`;

const StyledMain = styled.main`
  grid-area: main;
  min-inline-size: 0;
  padding: ${({ theme }) => theme.space(4)};
  &:focus {
    outline: none;
  }
`;

/** The signed-in frame: top bar (operator, language, sign out), the desks this operator may open, the page. */
export function ConsoleShell() {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useQuery(meQuery(client));
  const [signingOut, setSigningOut] = useState(false);

  if (me.error instanceof UnauthorizedError) {
    return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (!me.data) {
    return (
      <StyledMain>
        <PageState
          status={me.isError ? 'error' : 'loading'}
          loadingLabel={t('backoffice:shell.loading')}
          errorText={t('backoffice:state.error')}
          retryLabel={t('backoffice:state.retry')}
          onRetry={() => void me.refetch()}
        />
      </StyledMain>
    );
  }

  const { operator, permissions } = me.data;
  const signOut = async () => {
    setSigningOut(true);
    // Signed out on the server first; the cache is dropped whatever the answer, so nothing of the session stays.
    await client.trySend(sessionCalls.signOut, {});
    queryClient.removeQueries({ queryKey: consoleKeys.all });
    await navigate('/sign-in', { replace: true });
  };

  return (
    <StyledLayout>
      <StyledSkip href="#console-main">{t('backoffice:shell.skip')}</StyledSkip>
      <StyledTop>
        <strong>{t('backoffice:app.name')}</strong>
        <StyledWho>
          {operator.email} · {t(`backoffice:role.${operator.role}`)}
        </StyledWho>
        <LanguageSelect />
        <Button variant="ghost" size="small" onClick={() => void signOut()} loading={signingOut}>
          {t('backoffice:shell.signOut')}
        </Button>
      </StyledTop>
      <StyledNav aria-label={t('backoffice:nav.label')}>
        <ul>
          {desksFor(permissions).map((desk) => (
            <li key={desk.path}>
              <NavLink to={`/${desk.path}`}>{t(desk.label)}</NavLink>
            </li>
          ))}
        </ul>
      </StyledNav>
      <StyledMain id="console-main" tabIndex={-1}>
        <Outlet />
      </StyledMain>
    </StyledLayout>
  );
}

/** A page the operator's role does not open (the menu hides it; a typed address lands here). */
export function NotAllowed() {
  const t = useConsoleTranslate();
  return <p role="alert">{t('backoffice:state.forbidden')}</p>;
}

/** Placeholder shown while a desk's code loads. */
export function DeskLoading() {
  const t = useConsoleTranslate();
  return <Skeleton label={t('backoffice:state.loading')} count={5} height="2em" />;
}
