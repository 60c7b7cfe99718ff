import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { userAccount } from './accounts';
import { getAccountBalance } from './balances';
import { InsufficientFundsError } from './errors';
import {
  cancelWithdrawal,
  cashOutBet,
  confirmWithdrawal,
  recordDeposit,
  reserveWithdrawal,
  settleBet,
  stakeBet,
  type BetOutcome,
} from './operations';
import { verifyLedger } from './verify';

const users = 3;
const op = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), u: fc.nat(users - 1), amount: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({
    t: fc.constant('stake' as const),
    u: fc.nat(users - 1),
    stake: fc.integer({ min: 2, max: 3000 }),
    taxPercent: fc.constantFrom(0, 0, 5),
  }),
  fc.record({ t: fc.constant('retry' as const), i: fc.nat() }),
  fc.record({
    t: fc.constant('settle' as const),
    i: fc.nat(),
    outcome: fc.constantFrom<BetOutcome>('won', 'lost', 'returned', 'half-won', 'half-lost'),
    odds: fc.integer({ min: 101, max: 1000 }),
  }),
  fc.record({ t: fc.constant('cashout' as const), i: fc.nat(), percent: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ t: fc.constant('reserve' as const), u: fc.nat(users - 1), amount: fc.integer({ min: 1, max: 4000 }) }),
  fc.record({ t: fc.constant('resolve' as const), i: fc.nat(), confirm: fc.boolean() }),
);

describeEachDatabase('ledger properties', (ctx) => {
  it('any sequence of valid operations keeps the invariants and matches a model of the wallets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const brandId = `prop-${randomUUID().slice(0, 8)}`;
        const ids = Array.from({ length: users }, () => randomUUID());
        const main = ids.map(() => 0);
        const hold = ids.map(() => 0);
        const bets: { guid: string; u: number; stake: number; tax: number; held: number; closed: boolean }[] = [];
        const withdrawals: { id: string; u: number; amount: number; resolved: boolean }[] = [];
        const owner = (u: number) => ({ brandId, userId: ids[u] ?? '', currency: 'EUR' });

        for (const o of ops) {
          switch (o.t) {
            case 'deposit':
              await recordDeposit(ctx.db, {
                ...owner(o.u),
                amount: o.amount,
                provider: 'prop',
                reference: randomUUID(),
              });
              main[o.u] = (main[o.u] ?? 0) + o.amount;
              break;
            case 'stake': {
              const tax = Math.floor((o.stake * o.taxPercent) / 100);
              const bet = { guid: randomUUID(), u: o.u, stake: o.stake, tax, held: o.stake - tax, closed: false };
              const attempt = stakeBet(ctx.db, { ...owner(o.u), betGuid: bet.guid, stake: o.stake, stakeTax: tax });
              if ((main[o.u] ?? 0) >= o.stake) {
                await attempt;
                main[o.u] = (main[o.u] ?? 0) - o.stake;
                bets.push(bet);
              } else {
                await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
              }
              break;
            }
            case 'retry': {
              const bet = bets[o.i % Math.max(1, bets.length)];
              if (!bet) break;
              const again = await stakeBet(ctx.db, {
                ...owner(bet.u),
                betGuid: bet.guid,
                stake: bet.stake,
                stakeTax: bet.tax,
              });
              expect(again.replayed).toBe(true);
              break;
            }
            case 'settle': {
              const bet = bets[o.i % Math.max(1, bets.length)];
              if (!bet || bet.closed) break;
              const win = Math.floor((bet.held * o.odds) / 100);
              const half = Math.floor(bet.held / 2);
              const payout = {
                won: win,
                lost: 0,
                returned: bet.held,
                'half-won': half + Math.floor((half * o.odds) / 100),
                'half-lost': half,
              }[o.outcome];
              await settleBet(ctx.db, {
                betGuid: bet.guid,
                outcome: o.outcome,
                payout: o.outcome.endsWith('won') ? payout : undefined,
              });
              bet.closed = true;
              main[bet.u] = (main[bet.u] ?? 0) + payout;
              break;
            }
            case 'cashout': {
              const bet = bets[o.i % Math.max(1, bets.length)];
              if (!bet || bet.closed) break;
              const amount = Math.max(1, Math.floor((bet.held * o.percent) / 100));
              await cashOutBet(ctx.db, { betGuid: bet.guid, amount });
              bet.closed = true;
              main[bet.u] = (main[bet.u] ?? 0) + amount;
              break;
            }
            case 'reserve': {
              const w = { id: randomUUID(), u: o.u, amount: o.amount, resolved: false };
              const attempt = reserveWithdrawal(ctx.db, { ...owner(o.u), amount: o.amount, withdrawalId: w.id });
              if ((main[o.u] ?? 0) >= o.amount) {
                await attempt;
                main[o.u] = (main[o.u] ?? 0) - o.amount;
                hold[o.u] = (hold[o.u] ?? 0) + o.amount;
                withdrawals.push(w);
              } else {
                await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
              }
              break;
            }
            case 'resolve': {
              const w = withdrawals[o.i % Math.max(1, withdrawals.length)];
              if (!w || w.resolved) break;
              await (o.confirm ? confirmWithdrawal : cancelWithdrawal)(ctx.db, { withdrawalId: w.id });
              w.resolved = true;
              hold[w.u] = (hold[w.u] ?? 0) - w.amount;
              if (!o.confirm) main[w.u] = (main[w.u] ?? 0) + w.amount;
              break;
            }
          }
        }
        for (let u = 0; u < users; u++) {
          expect(await getAccountBalance(ctx.db, userAccount(ids[u] ?? '', 'EUR'))).toBe(main[u]);
          expect(await getAccountBalance(ctx.db, userAccount(ids[u] ?? '', 'EUR', 'withdrawal_hold'))).toBe(hold[u]);
        }
        const report = await verifyLedger(ctx.db);
        expect(report.issues).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
