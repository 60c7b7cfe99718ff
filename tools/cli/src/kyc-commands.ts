import os from 'node:os';
import path from 'node:path';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { type Database, openDatabase } from '@tessera/server/db';
import { ApiError } from '@tessera/server/api-errors';
import { decideVerification, LocalDirectoryStorage } from '@tessera/server/verification';
import { EXIT, type CliIo } from './io';

const USAGE =
  'usage: tessera kyc decide <account-id> verified|rejected --reason "..." [--operator <name>] ' +
  '[--country <ISO2>] [--birth-date YYYY-MM-DD]';

/**
 * The database a server started in this shell would open: DATABASE_URL, else the embedded one in PGLITE_DATA_DIR
 * (default .data/pglite of the workspace). The embedded database takes one process at a time: stop the server first,
 * or run against PostgreSQL.
 */
function openServerDatabase(io: CliIo): Promise<Database> {
  const url = io.env['DATABASE_URL'];
  if (url) return openDatabase({ databaseUrl: url });
  const dir = io.env['PGLITE_DATA_DIR'] || path.join('.data', 'pglite');
  return openDatabase({ pgliteDataDir: path.resolve(io.root, dir) });
}

/**
 * `tessera kyc decide <account> verified|rejected --reason "..."`: compliance's decision on the account's waiting
 * submission, recorded with who (`--operator`, default the OS user), when and why. `verified` may name the country and
 * date of birth the documents show (`--country GB --birth-date 1990-01-31`), else those the player submitted; they
 * replace the declared ones for every rule (libs/server/verification README). Exit 0 decided, 1 refused, 2 usage.
 */
export async function kycDecide(
  io: CliIo,
  brandsDir: string,
  args: readonly string[],
  options: Record<string, string | true>,
  database?: Database,
): Promise<number> {
  const [accountId, decision] = args;
  const reason = options['reason'];
  const country = options['country'];
  const birthDate = options['birth-date'];
  const operator = options['operator'];
  if (
    !accountId ||
    (decision !== 'verified' && decision !== 'rejected') ||
    typeof reason !== 'string' ||
    country === true ||
    birthDate === true ||
    operator === true
  ) {
    io.err(USAGE);
    return EXIT.usage;
  }
  if (decision === 'rejected' && (country !== undefined || birthDate !== undefined)) {
    io.err('tessera: --country and --birth-date go with verified only');
    return EXIT.usage;
  }
  const registry = await loadBrandRegistry({ brandsDir, displayRoot: io.cwd });
  const db = database ?? (await openServerDatabase(io));
  try {
    const result = await decideVerification(
      {
        db,
        registry,
        // A decision reads no document; the storage is never touched.
        storage: new LocalDirectoryStorage({ directory: path.join(os.tmpdir(), 'tessera-kyc-unused') }),
        clock: () => new Date(),
      },
      {
        accountId,
        decision,
        reason,
        operator: operator ?? os.userInfo().username,
        ...(country !== undefined ? { country } : {}),
        ...(birthDate !== undefined ? { birthDate } : {}),
      },
    );
    io.out(
      `account ${accountId}: ${result.decision} (decision ${result.decisionId}, submission ${result.submissionId})`,
    );
    if (result.verified && result.declared) {
      io.out(
        `  country ${result.declared.country.toUpperCase()} -> ${result.verified.country.toUpperCase()}, ` +
          `date of birth ${result.declared.birthDate ?? '(none)'} -> ${result.verified.birthDate} (declared values kept)`,
      );
    }
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail = error.extra.detail ? `: ${error.extra.detail}` : '';
    io.err(`tessera: ${error.message}${detail}`);
    return EXIT.invalid;
  } finally {
    if (!database) await db.close();
  }
}
