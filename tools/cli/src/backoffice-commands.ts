import os from 'node:os';
import { ApiError } from '@tessera/server/api-errors';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { type Database, migrate } from '@tessera/server/db';
import { EXIT, type CliIo } from './io';
import { openServerDatabase } from './server-database';

const USAGE =
  'usage: tessera operator create --email <e-mail> --role admin|compliance|payments|risk|support|viewer ' +
  '[--brands id,id|*]';

/**
 * `tessera operator create --email … --role admin [--brands …]`: an operator of the console (the first one, then
 * more from the console itself), with a one-time initial password printed once; two-factor is set up at the first
 * sign-in. Brands default to every brand (*). Audited as `operator.create` by `cli:<OS user>`. Exit 0 created,
 * 1 refused (the e-mail is taken, an unknown brand), 2 usage.
 */
export async function operatorCreate(
  io: CliIo,
  brandsDir: string,
  options: Record<string, string | true>,
  database?: Database,
): Promise<number> {
  const email = options['email'];
  const role = options['role'];
  const brands = options['brands'] ?? '*';
  // The console's library is loaded only by the commands that use it (as console-layer.ts does): the CLI starts fast.
  const { createOperator, isRole } = await import('@tessera/server/backoffice');
  if (typeof email !== 'string' || !isRole(role) || typeof brands !== 'string') {
    io.err(USAGE);
    return EXIT.usage;
  }
  const registry = await loadBrandRegistry({ brandsDir, displayRoot: io.cwd });
  const db = database ?? (await openServerDatabase(io));
  try {
    // A fresh database (the first operator before the first server start) gets its tables first.
    if (!database) await migrate(db);
    const created = await createOperator(
      { db, registry, clock: () => new Date() },
      {
        email,
        role,
        brands: brands
          .split(',')
          .map((b) => b.trim())
          .filter(Boolean),
      },
      { cli: os.userInfo().username },
    );
    io.out(
      `operator ${created.operator.email} (${created.operator.role}, brands ${created.operator.brands.join(',')})`,
    );
    io.out(`initial password (shown once): ${created.initialPassword}`);
    io.out('Sign in at /backoffice/ on an operator host and set up the authenticator app when asked.');
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail =
      error.extra.validation_errors?.map((v) => `${v.field} ${v.message}`).join('; ') ?? error.extra.detail;
    io.err(`tessera: ${error.message}${detail ? `: ${detail}` : ''}`);
    return EXIT.invalid;
  } finally {
    if (!database) await db.close();
  }
}

/**
 * `tessera audit verify`: proves the console's audit log unbroken: every entry's hash recomputed from its content
 * and the hash before it, no entry missing. Exit 0 intact, 1 broken (each break printed with its entry).
 */
export async function auditVerify(io: CliIo, database?: Database): Promise<number> {
  const { verifyAuditChain } = await import('@tessera/server/backoffice');
  const db = database ?? (await openServerDatabase(io));
  try {
    const report = await verifyAuditChain(db);
    if (report.ok) {
      io.out(`audit log intact: ${report.entries} entries, every hash chained`);
      return EXIT.ok;
    }
    io.err(`tessera: the audit log is broken (${report.issues.length} problem(s) in ${report.entries} entries)`);
    for (const issue of report.issues) io.err(`  entry ${issue.seq}: ${issue.problem}`);
    return EXIT.invalid;
  } finally {
    if (!database) await db.close();
  }
}
