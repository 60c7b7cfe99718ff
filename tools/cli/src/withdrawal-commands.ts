import os from 'node:os';
import { ApiError } from '@tessera/server/api-errors';
import type { Database } from '@tessera/server/db';
import { createWithdrawals } from '@tessera/server/wallet';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { EXIT, type CliIo } from './io';
import { openServerDatabase } from './server-database';

const USAGE = 'usage: tessera withdrawal approve|reject <withdrawal-id> --reason "..." [--operator <name>]';

/**
 * `tessera withdrawal approve|reject <id> --reason "..."`: a person's decision on a withdrawal waiting for approval
 * (above the brand's automatic threshold), recorded in its events with who (`--operator`, default the OS user) and
 * why. An approved withdrawal is sent to the payment provider by the running server's sweep; a rejected one's reserve
 * goes back to the player at once. Exit 0 decided, 1 refused (unknown, not waiting), 2 usage.
 */
export async function withdrawalDecide(
  io: CliIo,
  command: string | undefined,
  args: readonly string[],
  options: Record<string, string | true>,
  database?: Database,
): Promise<number> {
  const [id] = args;
  const reason = options['reason'];
  const operator = options['operator'];
  if (
    (command !== 'approve' && command !== 'reject') ||
    !id ||
    typeof reason !== 'string' ||
    reason.trim() === '' ||
    operator === true
  ) {
    io.err(USAGE);
    return EXIT.usage;
  }
  const db = database ?? (await openServerDatabase(io));
  try {
    // Deciding asks no payment provider: the server that holds one sends what is approved.
    const withdrawals = createWithdrawals({ db, provider: undefined, clock: () => new Date() });
    const w = await withdrawals.decide(id, command, {
      actor: `operator:${operator ?? os.userInfo().username}`,
      reason: reason.trim(),
    });
    io.out(
      `withdrawal ${w.id}: ${w.state} (${fromMinorUnits(w.amount).toFixed(2)} ${w.currency}, account ${w.userId}, ` +
        `brand ${w.brandId})${w.state === 'approved' ? '; the server sends it to the payment provider' : ''}`,
    );
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
