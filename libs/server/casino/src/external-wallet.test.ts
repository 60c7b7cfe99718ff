import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, recordDeposit, userAccount, verifyLedger } from '@tessera/server/ledger';
import { ApiError } from '@tessera/server/api-errors';
import { expect, it } from 'vitest';
import { CasinoRounds } from './casino-rounds.service';
import { ExternalSessionTokens } from './external-launch-token';
import { SANDBOX_PROVIDER, SANDBOX_PROVIDER_GAMES } from './external-providers-env';
import { signExternalRequest } from './external-signature';
import { ExternalWallet } from './external-wallet';
import type { SlotRules } from './jurisdiction-rules';

const SECRET = 'library-test-provider-secret-0123456789';
const provider = {
  ...SANDBOX_PROVIDER,
  launchUrl: 'http://provider.invalid/launch',
  callbackSecret: SECRET,
  games: SANDBOX_PROVIDER_GAMES,
};
// The German profile's slot rules (DEGGL-SLOT-1/2): 5 seconds between spins, at most 1 euro a spin.
const GERMAN: SlotRules = { minSpinSeconds: 5, maxStake: { EUR: 1 } };

let nextUser = Date.now() * 1000 + 900;
let nextId = 0;
const id = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++nextId}`;

describeEachDatabase('external wallet: the jurisdiction slot rules hold across external and in-house rounds', (ctx) => {
  function setup() {
    let now = Date.now();
    const clock = () => new Date(now);
    const tokens = new ExternalSessionTokens('library-test-server-key');
    const wallet = new ExternalWallet({ db: ctx.db, providers: [provider], tokens, clock, slotRules: () => GERMAN });
    const rounds = new CasinoRounds({ db: ctx.db, clock, slotRules: () => GERMAN });
    const userId = String(++nextUser);
    const player = { brandId: 'rules', userId, currency: 'EUR', country: 'de' };
    const token = tokens.issue({ provider: 'northlight', ...player, gameId: 'northlight-lucky-lanterns' }, clock());
    const call = async (action: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ token, gameId: 'lucky-lanterns', currency: 'EUR', ...body });
      return wallet.handle('northlight', action, raw, signExternalRequest(SECRET, raw, clock()));
    };
    const bet = (amount: number) => call('bet', { transactionId: id('b'), roundId: id('r'), amount });
    return { rounds, player, call, bet, advance: (ms: number) => (now += ms), clock };
  }

  it('a bet above the largest stake is refused; rounds closer than 5 seconds are refused, in-house spins included', async () => {
    const t = setup();
    await recordDeposit(ctx.db, {
      brandId: 'rules',
      userId: t.player.userId,
      currency: 'EUR',
      amount: 5_000,
      provider: 'test',
      reference: id('dep'),
    });
    const above = await t.bet(120);
    expect(above.status).toBe(422);
    expect(above.body).toMatchObject({ code: 'STAKE_ABOVE_MAXIMUM' });
    expect((await t.bet(100)).body).toMatchObject({ status: 'OK', balance: 4_900 });
    t.advance(2_000);
    expect((await t.bet(100)).body).toMatchObject({ code: 'SPIN_TOO_SOON' });
    // The in-house slot is held to the external round's start too, and the other way round.
    const inHouse = await t.rounds
      .play(t.player, { roundId: id('ih'), gameId: 'aurora-gems', bet: { stake: 20 } })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(inHouse).toBeInstanceOf(ApiError);
    expect((inHouse as ApiError).extra.error_code).toBe(1850);
    t.advance(3_500);
    await t.rounds.play(t.player, { roundId: id('ih'), gameId: 'aurora-gems', bet: { stake: 20 } });
    t.advance(1_000);
    expect((await t.bet(100)).body).toMatchObject({ code: 'SPIN_TOO_SOON' });
    t.advance(5_000);
    expect((await t.bet(100)).body).toMatchObject({ status: 'OK' });
    // Refused bets moved nothing: two external bets of 1 euro and one in-house spin were played.
    const balance = await getAccountBalance(ctx.db, userAccount(t.player.userId, 'EUR'));
    const { rows } = await ctx.db.query<{ win: string | null }>(
      `select win::text as win from casino_rounds where user_id = $1`,
      [t.player.userId],
    );
    expect(balance).toBe(5_000 - 200 - 20 + Number(rows[0]?.win ?? 0));
    expect(await verifyLedger(ctx.db)).toMatchObject({ ok: true });
  });
});
