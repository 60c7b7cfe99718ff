// A stand-in for the API process in crash.test.ts, killed with SIGKILL by its parent (no cleanup, no rollback from
// Node; PostgreSQL rolls back what was not committed). CRASH_MODE:
//   deal      plays blackjack deals until one stays open, writes `open <roundId>`, then `ready`, and waits;
//   decision  takes CRASH_ACTION at CRASH_STEP of CRASH_ROUND_ID and stops inside its transaction, after the money
//             is posted and before the round row is written: writes `ready` there and waits;
//   spin      plays a slot round CRASH_ROUND_ID and stops at the same point.
import { randomUUID } from 'node:crypto';
import { createPostgresDatabase } from '@tessera/server/db';
import { CasinoRounds } from '../casino-rounds.service';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const say = (text: string): void => void process.stdout.write(`${text}\n`);
const forever = () => new Promise<never>(() => setInterval(() => undefined, 60_000));

const db = await createPostgresDatabase({
  connectionString: env('CRASH_DATABASE_URL'),
  schema: env('CRASH_SCHEMA'),
  maxConnections: 2,
});
const player = { brandId: env('CRASH_BRAND_ID'), userId: env('CRASH_USER_ID'), currency: 'EUR' };
const mode = env('CRASH_MODE');
const hang = new CasinoRounds({
  db,
  faults: {
    afterPosting: async () => {
      say('ready');
      await forever();
    },
  },
});

if (mode === 'deal') {
  const rounds = new CasinoRounds({ db });
  for (;;) {
    const round = await rounds.play(player, { roundId: randomUUID(), gameId: 'blackjack', bet: { stake: 100 } });
    if (round.status === 'open') {
      say(`open ${round.roundId}`);
      break;
    }
  }
  say('ready');
  await forever();
} else if (mode === 'decision') {
  await hang.act(player, {
    roundId: env('CRASH_ROUND_ID'),
    step: Number(env('CRASH_STEP')),
    action: env('CRASH_ACTION'),
  });
} else if (mode === 'spin') {
  await hang.play(player, { roundId: env('CRASH_ROUND_ID'), gameId: 'aurora-gems', bet: { stake: 200 } });
}
throw new Error(`crash child: mode ${mode} ended without being killed`);
