// The load of the crash drill: deposits and bet stakes through the ledger, eight in flight, printing
// `ACK <kind> <key>` only after each commit. The drill kills this process with SIGKILL mid-load.
// Env: DRILL_DB_URL (PostgreSQL with the schema in `options`), DRILL_FROM, DRILL_COUNT, DRILL_RETRY (keys to send again).
import { createPostgresDatabase, migrate } from '@tessera/server/db';
import { InsufficientFundsError, recordDeposit, stakeBet } from '@tessera/server/ledger';

const url = process.env['DRILL_DB_URL'] ?? '';
const from = Number(process.env['DRILL_FROM'] ?? 0);
const count = Number(process.env['DRILL_COUNT'] ?? 100_000);
const retry = (process.env['DRILL_RETRY'] ?? '').split(',').filter(Boolean);
const USERS = 50;
const brandId = 'drill-brand';
const currency = 'EUR';

const db = await createPostgresDatabase({ connectionString: url, maxConnections: 8 });
await migrate(db);
const say = (line: string): void => void process.stdout.write(`${line}\n`);

/** Operation i: even numbers deposit, odd numbers stake a bet, spread over the users. */
async function operate(i: number, replay: boolean): Promise<void> {
  const user = (Math.floor(i / 2) % USERS) + 1;
  if (i % 2 === 0) {
    const tx = await recordDeposit(db, {
      brandId,
      userId: user,
      currency,
      amount: 10_000,
      provider: 'drill',
      reference: `dep-${i}`,
    });
    say(`${replay ? `REPLAY ${tx.replayed}` : 'ACK'} deposit dep-${i}`);
    return;
  }
  try {
    const tx = await stakeBet(db, { brandId, userId: user, currency, betGuid: `bet-${i}`, stake: 100 });
    say(`${replay ? `REPLAY ${tx.replayed}` : 'ACK'} bet bet-${i}`);
  } catch (error) {
    if (error instanceof InsufficientFundsError) say(`REFUSED bet bet-${i}`);
    else throw error;
  }
}

for (const key of retry) await operate(Number(key.split('-')[1]), true);
say('READY');
let next = from;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < from + count) await operate(next++, false);
  }),
);
await db.close();
say('DONE');
