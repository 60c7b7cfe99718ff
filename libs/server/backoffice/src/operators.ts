import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from '@tessera/server/accounts';
import { ApiError } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';
import type {
  BackofficeOperator,
  BackofficeOperatorCreateRequest,
  BackofficeOperatorUpdateRequest,
  BackofficeRole,
} from '@tessera/shared/contract-api';
import { appendAuditIn } from './audit';
import { type Actor, auditIn, type BackofficeContext, type OperatorRecord } from './context';
import { isRole } from './permissions';

interface OperatorRow {
  id: string;
  email: string;
  password_hash: string;
  role: BackofficeRole;
  brands: string[];
  disabled: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: string | null;
  created_at: Date;
  last_sign_in_at: Date | null;
}

/** An operator row with the secrets the sign-in needs. */
export interface OperatorWithSecrets extends OperatorRecord {
  passwordHash: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
}

const columns = `id::text as id, email, password_hash, role, brands, disabled, totp_secret, totp_pending_secret,
  totp_enrolled_at, totp_last_step::text as totp_last_step, created_at, last_sign_in_at`;

function toOperator(row: OperatorRow): OperatorWithSecrets {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    brands: row.brands,
    disabled: row.disabled,
    totpEnrolled: row.totp_enrolled_at !== null,
    createdAt: new Date(row.created_at),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at) : null,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpPendingSecret: row.totp_pending_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

/** The operator as the wire shows it (never a secret). */
export function operatorView(operator: OperatorRecord): BackofficeOperator {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    brands: operator.brands,
    disabled: operator.disabled,
    totpEnrolled: operator.totpEnrolled,
    createdAt: operator.createdAt.toISOString(),
    lastSignInAt: operator.lastSignInAt ? operator.lastSignInAt.toISOString() : null,
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An operator by id (undefined for a malformed or unknown id). */
export async function findOperatorById(
  db: Queryable,
  id: string,
  lock = false,
): Promise<OperatorWithSecrets | undefined> {
  if (!uuid.test(id)) return undefined;
  const { rows } = await db.query<OperatorRow>(
    `select ${columns} from backoffice_operators where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? toOperator(rows[0]) : undefined;
}

/** An operator by e-mail, case ignored. */
export async function findOperatorByEmail(db: Queryable, email: string): Promise<OperatorWithSecrets | undefined> {
  const { rows } = await db.query<OperatorRow>(
    `select ${columns} from backoffice_operators where lower(email) = lower($1)`,
    [email.trim()],
  );
  return rows[0] ? toOperator(rows[0]) : undefined;
}

/** Every operator, by e-mail. */
export async function listOperators(db: Queryable): Promise<BackofficeOperator[]> {
  const { rows } = await db.query<OperatorRow>(`select ${columns} from backoffice_operators order by lower(email)`);
  return rows.map((r) => operatorView(toOperator(r)));
}

/** A one-time initial password: 120 random bits, shown once and changed by nobody but a new operator record. */
function initialPassword(): string {
  return randomBytes(15).toString('base64url');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks what a new or changed operator may hold: a known role, known brands (or *). */
function checkGrant(
  ctx: Pick<BackofficeContext, 'registry'>,
  grant: { role?: BackofficeRole | undefined; brands?: string[] | undefined },
): void {
  if (grant.role !== undefined && !isRole(grant.role))
    throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'role', message: 'unknown role' }] });
  if (grant.brands === undefined) return;
  if (grant.brands.includes('*') && grant.brands.length > 1)
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'brands', message: '* (every brand) stands alone' }],
    });
  const unknown = grant.brands.filter((b) => b !== '*' && !ctx.registry.get(b));
  if (unknown.length > 0)
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'brands', message: `unknown brand ${unknown.join(', ')}` }],
    });
}

/** Who creates an operator: a signed-in admin, or the CLI (the first operator; its name is the OS user). */
export type Creator = { actor: Actor } | { cli: string };

/**
 * Creates an operator with a one-time initial password (answered once, stored only as argon2id); they set up
 * their authenticator at the first sign-in. 409 when the e-mail is taken (an admin's console, not a public form:
 * saying so reveals nothing to an outsider). Audited as `operator.create`.
 */
export async function createOperator(
  ctx: Pick<BackofficeContext, 'db' | 'registry' | 'clock'>,
  input: BackofficeOperatorCreateRequest,
  by: Creator,
): Promise<{ operator: BackofficeOperator; initialPassword: string }> {
  const email = input.email.trim();
  if (!EMAIL.test(email))
    throw new ApiError(400, 'Invalid request', { validation_errors: [{ field: 'email', message: 'not an e-mail' }] });
  checkGrant(ctx, input);
  const password = initialPassword();
  const hash = await hashPassword(password);
  const now = ctx.clock();
  const id = randomUUID();
  const operator = await ctx.db.transaction(async (tx) => {
    if (await findOperatorByEmail(tx, email)) throw new ApiError(409, 'An operator with this e-mail exists');
    await tx.query(
      `insert into backoffice_operators (id, email, password_hash, role, brands, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6)`,
      [id, email, hash, input.role, input.brands, now],
    );
    const created = operatorView((await findOperatorById(tx, id)) as OperatorRecord);
    const after = { email, role: input.role, brands: input.brands };
    const action = { action: 'operator.create', targetType: 'operator', targetId: id, after };
    if ('actor' in by) await auditIn(tx, ctx, by.actor, action);
    else await appendAuditIn(tx, now, { operatorId: null, operatorEmail: `cli:${by.cli}`, ...action });
    return created;
  });
  return { operator, initialPassword: password };
}

/**
 * Changes an operator's role, brands or whether they are disabled (admin). Disabling ends their sessions at once.
 * An admin cannot disable or demote themselves (the last admin would lock everyone out). Audited with before/after.
 */
export async function updateOperator(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
  change: BackofficeOperatorUpdateRequest,
): Promise<BackofficeOperator> {
  checkGrant(ctx, change);
  if (id === actor.operator.id && (change.disabled === true || (change.role && change.role !== 'admin')))
    throw new ApiError(409, 'You cannot disable or demote yourself', { detail: 'Ask another admin' });
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const before = await findOperatorById(tx, id, true);
    if (!before) throw new ApiError(404, 'No such operator');
    await tx.query(
      `update backoffice_operators set role = coalesce($2, role), brands = coalesce($3, brands),
         disabled = coalesce($4, disabled), updated_at = $5 where id = $1`,
      [id, change.role ?? null, change.brands ?? null, change.disabled ?? null, now],
    );
    // Role and brands are read on every request; a disabled operator is signed out everywhere at once.
    if (change.disabled === true) await revokeOperatorSessions(tx, id, 'disabled', now);
    const after = (await findOperatorById(tx, id)) as OperatorRecord;
    await auditIn(tx, ctx, actor, {
      action: 'operator.update',
      targetType: 'operator',
      targetId: id,
      before: { role: before.role, brands: before.brands, disabled: before.disabled },
      after: { role: after.role, brands: after.brands, disabled: after.disabled },
    });
    return operatorView(after);
  });
}

/** Ends every live session of an operator; answers how many. */
export async function revokeOperatorSessions(
  tx: Queryable,
  operatorId: string,
  reason: string,
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `update backoffice_sessions set revoked_at = $2, revoke_reason = $3
      where operator_id = $1 and revoked_at is null returning id::text as id`,
    [operatorId, now, reason],
  );
  return rows.length;
}
