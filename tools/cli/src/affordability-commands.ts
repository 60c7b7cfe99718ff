import os from 'node:os';
import type { Database } from '@tessera/server/db';
import { recordAffordabilityCheck } from '@tessera/server/responsible';
import { EXIT, type CliIo } from './io';
import { openServerDatabase } from './server-database';

const USAGE =
  'usage: tessera affordability record <account-id> --monthly <amount> --currency <ISO> --reason "..." ' +
  '[--operator <name>]';

/**
 * `tessera affordability record <account> --monthly 1500 --currency EUR --reason "..."`: compliance's affordability
 * check (jurisdiction rule NLKSA-NL-1, libs/server/responsible README): from now the player may deposit up to the
 * amount a calendar month, recorded with who (`--operator`, default the OS user), when and why. Exit 0 recorded,
 * 1 refused (no such account), 2 usage.
 */
export async function affordabilityRecord(
  io: CliIo,
  args: readonly string[],
  options: Record<string, string | true>,
  database?: Database,
): Promise<number> {
  const [accountId] = args;
  const monthly = Number(options['monthly']);
  const { currency, reason, operator } = options;
  if (
    !accountId ||
    !/^\d{1,18}$/.test(accountId) ||
    !(monthly > 0) ||
    Math.round(monthly * 100) !== monthly * 100 ||
    typeof currency !== 'string' ||
    !/^[A-Z]{3}$/.test(currency) ||
    typeof reason !== 'string' ||
    reason.trim() === '' ||
    operator === true
  ) {
    io.err(USAGE);
    return EXIT.usage;
  }
  const db = database ?? (await openServerDatabase(io));
  try {
    const check = await recordAffordabilityCheck(db, {
      accountId,
      currency,
      monthlyAmount: monthly,
      reason,
      operator: operator ?? os.userInfo().username,
      at: new Date(),
    });
    io.out(
      `account ${accountId}: may deposit up to ${monthly.toFixed(2)} ${currency} a month (check ${check.id}, by ${check.operator})`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('no account')) throw error;
    io.err(`tessera: ${error.message}`);
    return EXIT.invalid;
  } finally {
    if (!database) await db.close();
  }
}
