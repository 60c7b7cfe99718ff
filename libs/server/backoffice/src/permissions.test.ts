import { apiSchema } from '@tessera/shared/contract-api';
import { describe, expect, it } from 'vitest';
import { BACKOFFICE_ROUTES } from './routes';
import { hasPermission, PERMISSION_MATRIX, permissionsOf, ROLES } from './permissions';

describe('the permission matrix', () => {
  it('names every permission and role of the contract', () => {
    expect(Object.keys(PERMISSION_MATRIX).sort()).toEqual(
      [...(apiSchema('backoffice/permission')['enum'] as string[])].sort(),
    );
    expect([...ROLES].sort()).toEqual([...(apiSchema('backoffice/role')['enum'] as string[])].sort());
  });

  it('gives admin everything and viewer and support nothing that changes a player, a payment or an operator', () => {
    expect(permissionsOf('admin')).toEqual(Object.keys(PERMISSION_MATRIX).sort());
    const changes = [
      'players.lock',
      'players.sign-out',
      'withdrawals.decide',
      'verification.decide',
      'operators.write',
    ] as const;
    for (const role of ['viewer', 'support'] as const)
      for (const permission of changes) expect(hasPermission(role, permission), `${role} ${permission}`).toBe(false);
  });

  it('is checked by every route but the sign-in steps', () => {
    const open = BACKOFFICE_ROUTES.filter((r) => r.access === 'public' || r.access === 'half-session');
    expect(open.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST session',
      'POST session/totp/enrol',
      'POST session/totp',
    ]);
    const used = new Set(BACKOFFICE_ROUTES.map((r) => r.access));
    for (const permission of Object.keys(PERMISSION_MATRIX))
      if (!permission.startsWith('sessions.')) expect((used as Set<string>).has(permission), permission).toBe(true);
  });
});
