// The API's bet placement as a process to kill, for crash.test.ts: places bets through place() (bet_place, the bet
// rows and their ledger stakes in one transaction) with several in flight, writes `try <i> <guid>` before each and
// `ack <i> <guid> <betIds>` once place() has answered accepted, exactly what a client would have been told. The parent
// kills it with SIGKILL mid-load: no cleanup, no rollback from Node; PostgreSQL rolls back what was not committed.
import { randomUUID } from 'node:crypto';
import { createPostgresDatabase } from '@tessera/server/db';
import { place, planSingle } from '../bets.service';
import { crashBetBody, crashBettor, crashLine, crashRules } from './crash-placement';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const users = Number(env('CRASH_USERS'));
const inFlight = Number(env('CRASH_IN_FLIGHT'));
const db = await createPostgresDatabase({
  connectionString: env('CRASH_DATABASE_URL'),
  schema: env('CRASH_SCHEMA'),
  maxConnections: inFlight,
});
const line = crashLine();
const rules = crashRules();
const ctx = { db, model: () => line, clock: () => new Date() };
const say = (text: string): void => void process.stdout.write(`${text}\n`);

let next = 0;
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    // Places until killed; the parent stops it long before any bettor's deposit runs out.
    for (;;) {
      const i = next++;
      const guid = randomUUID();
      say(`try ${i} ${guid}`);
      const answer = await place(ctx, crashBettor(i, users), rules, planSingle(crashBetBody(i, guid), false));
      if (answer.status !== 'accepted') throw new Error(`placement ${i} answered ${answer.status}`);
      say(`ack ${i} ${guid} ${answer.bets.map((b) => b.betId).join(',')}`);
    }
  }),
);
