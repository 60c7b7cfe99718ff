import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { Permission } from '../api/console.types';
import { SignInPage } from '../sign-in/sign-in-page';
import { ConsoleShell, DeskLoading, NotAllowed } from './shell/console-shell';
import { CONSOLE_DESKS, desksFor } from './shell/navigation';
import { useOperator } from './shell/use-operator';
import { RouteErrorPage } from './route-error-page';

/** The console's base path: every address is under it (Vite's `base`, the server's mount point). */
export const CONSOLE_BASENAME = '/backoffice';

function Allowed({ permission, children }: { permission: Permission | null; children: ReactNode }) {
  const { permissions } = useOperator();
  return permission === null || permissions.includes(permission) ? children : <NotAllowed />;
}

/** The first desk the operator may open: the console's home. */
function FirstDesk() {
  const [first] = desksFor(useOperator().permissions);
  return <Navigate to={`/${first?.path ?? 'sessions'}`} replace />;
}

function permissionOf(path: string): Permission | null {
  return CONSOLE_DESKS.find((desk) => desk.path === path)?.permission ?? null;
}

type PageModule = Promise<{ Page: () => ReactNode }>;

// Each desk's code loads when it is first opened; the shell and sign-in are in the first bundle.
function desk(path: string, load: () => PageModule, permission = permissionOf(path.split('/')[0] ?? '')): RouteObject {
  return {
    path,
    HydrateFallback: DeskLoading,
    lazy: async () => {
      const { Page } = await load();
      return {
        Component: () => (
          <Allowed permission={permission}>
            <Page />
          </Allowed>
        ),
      };
    },
  };
}

/** The route table under {@link CONSOLE_BASENAME}. */
export function createConsoleRoutes(): RouteObject[] {
  return [
    { path: '/sign-in', element: <SignInPage />, errorElement: <RouteErrorPage /> },
    {
      path: '/',
      element: <ConsoleShell />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <FirstDesk /> },
        desk('players', () => import('../players/players-page').then((m) => ({ Page: m.PlayersPage }))),
        desk(
          'players/:playerId',
          () => import('../players/player-page').then((m) => ({ Page: m.PlayerPage })),
          'players.view',
        ),
        desk('payments', () => import('../payments/withdrawals-page').then((m) => ({ Page: m.WithdrawalsPage }))),
        desk('risk', () => import('../risk/risk-page').then((m) => ({ Page: m.RiskPage }))),
        desk('verification', () =>
          import('../verification/verification-page').then((m) => ({ Page: m.VerificationPage })),
        ),
        desk('audit', () => import('../audit/audit-page').then((m) => ({ Page: m.AuditPage }))),
        desk('brands', () => import('../brands/brands-page').then((m) => ({ Page: m.BrandsPage }))),
        desk('operators', () => import('../operators/operators-page').then((m) => ({ Page: m.OperatorsPage }))),
        desk('sessions', () => import('../sessions/sessions-page').then((m) => ({ Page: m.SessionsPage }))),
        // The live configuration (ADR 0310): the console layer of the site configuration.
        desk('config', () => import('../config/config-page').then((m) => ({ Page: m.ConfigPage })), 'config.read'),
        { path: '*', element: <NotAllowed /> },
      ],
    },
  ];
}
