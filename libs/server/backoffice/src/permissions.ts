import type { BackofficePermission, BackofficeRole } from '@tessera/shared/contract-api';

/** Every role, most powerful first. */
export const ROLES: readonly BackofficeRole[] = ['admin', 'compliance', 'payments', 'risk', 'support', 'viewer'];

const everyone = ROLES;

/**
 * The permission matrix, as data: each permission and the roles that have it. The server checks it on every console
 * route (routes.ts names one permission per route); a table test calls every route as every role against it. The
 * type makes a permission of the contract without a row here a compile error.
 */
export const PERMISSION_MATRIX: Readonly<Record<BackofficePermission, readonly BackofficeRole[]>> = {
  'sessions.read-all': ['admin'],
  'sessions.revoke-any': ['admin'],
  'operators.read': ['admin'],
  'operators.write': ['admin'],
  'players.search': everyone,
  'players.view': everyone,
  'players.lock': ['admin', 'compliance', 'risk'],
  'players.sign-out': ['admin', 'compliance', 'risk'],
  'players.notes': ['admin', 'compliance', 'payments', 'risk', 'support'],
  'players.limits': ['admin', 'compliance'],
  'bets.read': ['admin', 'compliance', 'risk', 'viewer'],
  'bets.vip': ['admin', 'risk'],
  'bets.correct': ['admin', 'risk'],
  'withdrawals.read': ['admin', 'compliance', 'payments', 'risk', 'viewer'],
  'withdrawals.decide': ['admin', 'payments'],
  'payments.adjust': ['admin', 'payments'],
  'payments.lookup': ['admin', 'compliance', 'payments', 'support', 'viewer'],
  'verification.read': ['admin', 'compliance', 'viewer'],
  'verification.documents': ['admin', 'compliance'],
  'verification.decide': ['admin', 'compliance'],
  'audit.read': ['admin', 'compliance'],
  'audit.export': ['admin', 'compliance'],
  'brands.read': everyone,
  'config.read': ['admin', 'compliance', 'viewer'],
  'config.edit': ['admin', 'compliance'],
  'config.approve': ['admin', 'compliance'],
  'config.publish': ['admin', 'compliance'],
};

/**
 * The largest withdrawal (major units of its currency) one decision of a role may approve or reject; undefined is no
 * limit. Above it the decision is refused (403) and must go to a role with a higher limit.
 */
export const WITHDRAWAL_DECISION_LIMITS: Readonly<Partial<Record<BackofficeRole, number>>> = {
  payments: 5000,
};

/**
 * The largest manual adjustment (major units of its currency, credit or debit) one decision of a role may make.
 * A role with `payments.adjust` and no entry here makes none: every adjuster is listed.
 */
export const ADJUSTMENT_DECISION_LIMITS: Readonly<Partial<Record<BackofficeRole, number>>> = {
  admin: 10_000,
  payments: 1_000,
};

/**
 * The parts of the site configuration a role may change in the console (ADR 0310), as data: a JSON pointer (`*` for
 * any one segment; '' for everything) and whether any scope or only a scope naming a country. A role with
 * `config.edit` changes nothing outside its rows; the server refuses such a change with 403.
 */
export const CONFIG_OWNERSHIP: Readonly<Partial<Record<BackofficeRole, readonly ConfigOwnership[]>>> = {
  admin: [{ pointer: '', scope: 'any' }],
  compliance: [
    { pointer: '/*/features', scope: 'country' },
    { pointer: '/responsible', scope: 'any' },
  ],
};

/** One part of the configuration a role owns. */
export interface ConfigOwnership {
  pointer: string;
  scope: 'any' | 'country';
}

/** Whether a role may change the value at `pointer` in a scope with or without a country. */
export function ownsConfig(role: BackofficeRole, pointer: string, withCountry: boolean): boolean {
  const pointerParts = pointer.split('/').slice(1);
  return (CONFIG_OWNERSHIP[role] ?? []).some((own) => {
    if (own.scope === 'country' && !withCountry) return false;
    const parts = own.pointer === '' ? [] : own.pointer.split('/').slice(1);
    return parts.length <= pointerParts.length && parts.every((p, i) => p === '*' || p === pointerParts[i]);
  });
}

/** Whether a role has a permission. */
export function hasPermission(role: BackofficeRole, permission: BackofficePermission): boolean {
  return PERMISSION_MATRIX[permission].includes(role);
}

/** Every permission of a role, sorted. */
export function permissionsOf(role: BackofficeRole): BackofficePermission[] {
  return (Object.keys(PERMISSION_MATRIX) as BackofficePermission[]).filter((p) => hasPermission(role, p)).sort();
}

/** Whether a string is a role. */
export function isRole(value: unknown): value is BackofficeRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
