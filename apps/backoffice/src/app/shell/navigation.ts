import type { BackofficeConfigKey, BackofficeKey } from '@tessera/shared/util-i18n';
import type { Permission } from '../../api/console.types';

/** One desk of the console: its address under /backoffice, its name, and the permission that opens it. */
export interface ConsoleDesk {
  path: string;
  label: BackofficeKey | BackofficeConfigKey;
  /** Null: every signed-in operator (their own sessions). */
  permission: Permission | null;
}

/** The console's desks in navigation order. The server enforces each permission; the menu only hides what would refuse. */
export const CONSOLE_DESKS: readonly ConsoleDesk[] = [
  { path: 'players', label: 'backoffice:nav.players', permission: 'players.search' },
  { path: 'payments', label: 'backoffice:nav.payments', permission: 'withdrawals.read' },
  { path: 'risk', label: 'backoffice-desks:nav.risk', permission: 'bets.read' },
  { path: 'verification', label: 'backoffice:nav.verification', permission: 'verification.read' },
  { path: 'audit', label: 'backoffice:nav.audit', permission: 'audit.read' },
  { path: 'brands', label: 'backoffice:nav.brands', permission: 'brands.read' },
  { path: 'operators', label: 'backoffice:nav.operators', permission: 'operators.read' },
  { path: 'sessions', label: 'backoffice:nav.sessions', permission: null },
  { path: 'config', label: 'backoffice-config:nav.config', permission: 'config.read' },
];

/** The desks an operator with these permissions may open. */
export function desksFor(permissions: readonly Permission[]): ConsoleDesk[] {
  return CONSOLE_DESKS.filter((desk) => desk.permission === null || permissions.includes(desk.permission));
}
