import { createHash } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import type { Database, Queryable } from '@tessera/server/db';
import {
  getAccountBalance,
  lockAccountBalance,
  platformAccount,
  post,
  userAccount,
  type LedgerTransaction,
} from '@tessera/server/ledger';
import { lockStakeUsage } from '@tessera/server/responsible';
import { toMinorUnits } from '@tessera/shared/util-format';
import type { CasinoStakeGate } from './casino-rounds.service';
import { ExternalSessionTokens, type ExternalSessionClaims } from './external-launch-token';
import {
  EXTERNAL_WALLET_ACTIONS,
  ExternalWalletError,
  type ExternalErrorBody,
  type ExternalGameInfo,
  type ExternalOkBody,
  type ExternalProviderConfig,
  type ExternalWalletAction,
} from './external-provider';
import { verifyExternalRequest } from './external-signature';
import { latestSpinAt, type SlotRulesFor } from './jurisdiction-rules';
import type { CasinoPlayer } from './round-ledger';
import { checkStakeUsage, combineGateAnswers, type CasinoGateAnswer, type CasinoStakeCeilings } from './stake-usage';

/** What {@link ExternalWallet} needs. */
export interface ExternalWalletOptions {
  db: Database;
  providers: readonly ExternalProviderConfig[];
  tokens: ExternalSessionTokens;
  clock?: () => Date;
  /** The casino's stake gates (player protection, identity verification, activity file): asked before every bet. */
  stakeGates?: readonly CasinoStakeGate[];
  /** The slot rules of the player's brand and country (the in-house slots' rules: jurisdiction-rules.ts). */
  slotRules?: SlotRulesFor;
  /** Whether the player's site still shows the game (a category switched off, a provider hidden): else GAME_NOT_FOUND. */
  gameShown?: (claims: ExternalSessionClaims) => boolean;
  /** Unexpected failures (answered INTERNAL_ERROR); default ignored. */
  onError?: (error: unknown) => void;
}

/** An answer to a callback: the HTTP status and the seamless-wallet body. */
export interface ExternalAnswer {
  status: number;
  body: ExternalOkBody | ExternalErrorBody;
}

interface TransactionRow {
  provider: string;
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback';
  round_id: string;
  user_id: string;
  game_id: string;
  amount: string;
  reference_id: string | null;
  status: 'done' | 'rolled_back' | 'tombstone';
  fingerprint: string;
}

/** What a money call stores under its own transaction id (kind, status and fingerprint are the call's). */
interface RecordedCall {
  roundId: string;
  gameId: string;
  amount: number;
  referenceId?: string | null;
  ledger: LedgerTransaction | undefined;
  at: Date;
}

/** Stores the call's row under its transaction id (once, inside the call's database transaction). */
type RecordCall = (row: RecordedCall) => Promise<void>;

/** Answers OK with the player's balance, a renewed token and the call's extra fields. */
type OkAnswer = (q: Queryable, extra?: Partial<ExternalOkBody>) => Promise<ExternalOkBody>;

/** One money call of a provider: who sent it, under which transaction id, and the fingerprint of its content. */
interface MoneyCall {
  provider: ExternalProviderConfig;
  claims: ExternalSessionClaims;
  kind: TransactionRow['kind'];
  transactionId: string;
  print: string;
}

interface RoundRow {
  user_id: string;
  game_id: string;
  stake: string;
  win: string;
  status: 'open' | 'closed';
}

const idPattern = /^[A-Za-z0-9_.:-]{1,100}$/;

const invalid = (message: string) => new ExternalWalletError('INVALID_REQUEST', message);

function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || !idPattern.test(value))
    throw invalid(`${name} is 1 to 100 letters, digits or _ . : -`);
  return value;
}

function minor(body: Record<string, unknown>, name: string, allowZero: boolean): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < (allowZero ? 0 : 1))
    throw invalid(`${name} is ${allowZero ? 'a non-negative' : 'a positive'} integer of minor units`);
  return value;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function fingerprint(parts: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The platform's side of the seamless wallet (ADR 0345, README "External providers"): checks a callback's signature
 * and token, then applies it once per provider transaction id as at most one balanced ledger transaction, through the
 * same stake gates, wager and loss limits and slot rules as the in-house games. Every answer is the industry's shape:
 * `{ status: "OK", balance, ... }` or `{ status: "ERROR", code, message, retry }`.
 */
export class ExternalWallet {
  private readonly clock: () => Date;
  private readonly bySlug: ReadonlyMap<string, ExternalProviderConfig>;

  constructor(private readonly options: ExternalWalletOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.bySlug = new Map(options.providers.map((p) => [p.slug, p]));
  }

  /** Answers one callback: `POST /casino-provider-api/<slug>/<action>` with its raw body and signature header. */
  async handle(slug: string, action: string, rawBody: string, signature: string | undefined): Promise<ExternalAnswer> {
    let currency: string | undefined;
    try {
      const provider = this.bySlug.get(slug);
      if (!provider) throw new ExternalWalletError('UNKNOWN_PROVIDER');
      if (!(EXTERNAL_WALLET_ACTIONS as readonly string[]).includes(action))
        throw invalid(`the actions are ${EXTERNAL_WALLET_ACTIONS.join(', ')}`);
      verifyExternalRequest(provider.callbackSecret, rawBody, signature, this.clock());
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw invalid('the body is not JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('the body is an object');
      const request = body as Record<string, unknown>;
      const claims = this.options.tokens.read(
        request['token'],
        provider.slug,
        this.clock(),
        action === 'win' || action === 'rollback',
      );
      currency = claims.currency;
      const answer = await this.retryOnce(() => this.apply(provider, action as ExternalWalletAction, claims, request));
      return { status: 200, body: answer };
    } catch (error) {
      if (error instanceof ExternalWalletError) return { status: error.status, body: error.body(currency) };
      this.options.onError?.(error);
      const failed = new ExternalWalletError('INTERNAL_ERROR');
      return { status: failed.status, body: failed.body(currency) };
    }
  }

  /** A money call raced by the same transaction id (two deliveries at once) is answered as the duplicate it is. */
  private async retryOnce<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return work();
    }
  }

  private gameOf(provider: ExternalProviderConfig, claims: ExternalSessionClaims, request: Record<string, unknown>) {
    const providerGameId = field(request, 'gameId');
    const game: ExternalGameInfo | undefined = provider.games.find((g) => g.providerGameId === providerGameId);
    if (!game) throw new ExternalWalletError('GAME_NOT_FOUND', `${provider.name} has no game ${providerGameId} here`);
    if (game.id !== claims.gameId)
      throw new ExternalWalletError('INVALID_TOKEN', 'The session token was issued for another game');
    return game;
  }

  private checkCurrency(claims: ExternalSessionClaims, request: Record<string, unknown>): void {
    if (request['currency'] !== claims.currency)
      throw new ExternalWalletError('CURRENCY_MISMATCH', `the player's wallet is in ${claims.currency}`);
  }

  private async apply(
    provider: ExternalProviderConfig,
    action: ExternalWalletAction,
    claims: ExternalSessionClaims,
    request: Record<string, unknown>,
  ): Promise<ExternalOkBody> {
    const now = this.clock();
    const ok = async (
      q: Queryable,
      extra: Omit<ExternalOkBody, 'status' | 'balance' | 'currency' | 'token'> = {},
    ): Promise<ExternalOkBody> => ({
      status: 'OK',
      balance: await getAccountBalance(q, userAccount(claims.userId, claims.currency)),
      currency: claims.currency,
      token: this.options.tokens.renew(claims, now),
      ...extra,
    });
    if (action === 'balance') {
      this.gameOf(provider, claims, { gameId: request['gameId'] ?? this.providerGameId(provider, claims) });
      return ok(this.options.db);
    }
    if (action === 'bet') return this.bet(provider, claims, request, ok);
    if (action === 'win') return this.win(provider, claims, request, ok);
    return this.rollback(provider, claims, request, ok);
  }

  private providerGameId(provider: ExternalProviderConfig, claims: ExternalSessionClaims): string | undefined {
    return provider.games.find((g) => g.id === claims.gameId)?.providerGameId;
  }

  private async findTransaction(q: Queryable, provider: string, id: string): Promise<TransactionRow | undefined> {
    const { rows } = await q.query<TransactionRow>(
      `select provider, transaction_id, kind, round_id, user_id, game_id, amount::text as amount, reference_id, status,
              fingerprint
       from casino_external_transactions where provider = $1 and transaction_id = $2`,
      [provider, id],
    );
    return rows[0];
  }

  private async insertTransaction(
    tx: Queryable,
    row: Omit<TransactionRow, 'amount'> & { amount: number; ledger: LedgerTransaction | undefined; at: Date },
  ): Promise<void> {
    await tx.query(
      `insert into casino_external_transactions
         (provider, transaction_id, kind, round_id, user_id, game_id, amount, reference_id, status,
          ledger_transaction_id, fingerprint, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        row.provider,
        row.transaction_id,
        row.kind,
        row.round_id,
        row.user_id,
        row.game_id,
        row.amount,
        row.reference_id,
        row.status,
        row.ledger?.id ?? null,
        row.fingerprint,
        row.at,
      ],
    );
  }

  private async lockRound(tx: Queryable, provider: string, roundId: string): Promise<RoundRow | undefined> {
    const { rows } = await tx.query<RoundRow>(
      `select user_id, game_id, stake::text as stake, win::text as win, status
       from casino_external_rounds where provider = $1 and round_id = $2 for update`,
      [provider, roundId],
    );
    return rows[0];
  }

  /**
   * Every money call of a player runs under one lock taken first (the player's external-wallet lock), then the usage
   * row, then the balance (the platform's lock order, ADR 0295): a bet and the rollback of its id, sent at once, are
   * ordered, and so are two new rounds under a minimum round time.
   */
  private async lockPlayer(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`casino-external:${userId}`]);
  }

  /** A repeated transaction id: the same content is answered as a duplicate; other content is a conflict. */
  private repeated(stored: TransactionRow, kind: TransactionRow['kind'], print: string, userId: string): void {
    if (kind === 'bet' && (stored.status === 'tombstone' || stored.status === 'rolled_back') && stored.kind === 'bet')
      throw new ExternalWalletError('BET_ROLLED_BACK', `bet ${stored.transaction_id} was rolled back`);
    if (stored.kind !== kind || stored.fingerprint !== print || stored.user_id !== userId)
      throw new ExternalWalletError(
        'TRANSACTION_CONFLICT',
        `transaction ${stored.transaction_id} was sent before with other content`,
      );
  }

  private async gate(player: CasinoPlayer, stake: number): Promise<CasinoStakeCeilings | undefined> {
    const answers: CasinoGateAnswer[] = [];
    for (const gate of this.options.stakeGates ?? []) {
      const answer = await gate({
        accountId: player.userId,
        brandId: player.brandId,
        currency: player.currency,
        stakeMinor: stake,
      });
      if (answer instanceof ApiError) throw new ExternalWalletError('PLAYER_BLOCKED', detailOf(answer));
      answers.push(answer);
    }
    const counted = combineGateAnswers(answers);
    return counted instanceof ApiError ? undefined : counted;
  }

  /** The slot rules of the player's jurisdiction: the largest stake, and the shortest time between rounds. */
  private async slotRules(
    tx: Queryable,
    player: CasinoPlayer,
    amount: number,
    newRound: boolean,
    at: Date,
  ): Promise<void> {
    const rules = await this.options.slotRules?.(player);
    if (!rules) return;
    const max = rules.maxStake[player.currency];
    if (max !== undefined && amount > toMinorUnits(max))
      throw new ExternalWalletError(
        'STAKE_ABOVE_MAXIMUM',
        `a slot round here stakes at most ${max.toFixed(2)} ${player.currency}`,
      );
    if (!newRound || rules.minSpinSeconds <= 0) return;
    // The latest slot round of either kind: in-house spins and external rounds share the minimum time.
    const previous = await latestSpinAt(tx, player.userId);
    if (!previous) return;
    const waitMs = previous.getTime() + rules.minSpinSeconds * 1000 - at.getTime();
    if (waitMs > 0)
      throw new ExternalWalletError(
        'SPIN_TOO_SOON',
        `a slot round here lasts at least ${rules.minSpinSeconds} seconds; the next can start in ${(waitMs / 1000).toFixed(1)} seconds`,
      );
  }

  /**
   * The shape every money call shares: a stored transaction id is answered as the duplicate it is (or refused as a
   * conflict), before and again inside the transaction under the player's lock (two deliveries at once); otherwise
   * `prepare` runs (outside the transaction: the stake gates), then `work` inside it, which stores the call once
   * through `record`; the answer is the balance after it.
   */
  private async applyOnce<P>(
    call: MoneyCall,
    ok: OkAnswer,
    prepare: () => Promise<P>,
    work: (tx: Queryable, prepared: P, record: RecordCall) => Promise<void>,
  ): Promise<ExternalOkBody> {
    const { provider, claims, kind, transactionId, print } = call;
    const duplicate = (q: Queryable, stored: TransactionRow) => {
      this.repeated(stored, kind, print, claims.userId);
      return ok(q, { transactionId, platformTransactionId: platformId(stored), duplicate: true });
    };
    const db = this.options.db;
    const stored = await this.findTransaction(db, provider.slug, transactionId);
    if (stored) return duplicate(db, stored);
    const prepared = await prepare();
    return db.transaction(async (tx) => {
      await this.lockPlayer(tx, claims.userId);
      const raced = await this.findTransaction(tx, provider.slug, transactionId);
      if (raced) return duplicate(tx, raced);
      await work(tx, prepared, (row) =>
        this.insertTransaction(tx, {
          provider: provider.slug,
          transaction_id: transactionId,
          kind,
          round_id: row.roundId,
          user_id: claims.userId,
          game_id: row.gameId,
          amount: row.amount,
          reference_id: row.referenceId ?? null,
          status: 'done',
          fingerprint: print,
          ledger: row.ledger,
          at: row.at,
        }),
      );
      return ok(tx, { transactionId, platformTransactionId: `${provider.slug}:${transactionId}`, duplicate: false });
    });
  }

  private async bet(
    provider: ExternalProviderConfig,
    claims: ExternalSessionClaims,
    request: Record<string, unknown>,
    ok: OkAnswer,
  ): Promise<ExternalOkBody> {
    const transactionId = field(request, 'transactionId');
    const roundId = field(request, 'roundId');
    const amount = minor(request, 'amount', false);
    const game = this.gameOf(provider, claims, request);
    this.checkCurrency(claims, request);
    const print = fingerprint({ kind: 'bet', roundId, game: game.id, amount, currency: claims.currency });
    const player: CasinoPlayer = {
      brandId: claims.brandId,
      userId: claims.userId,
      currency: claims.currency,
      country: claims.country,
    };
    const call: MoneyCall = { provider, claims, kind: 'bet', transactionId, print };
    const prepare = async () => {
      if (this.options.gameShown && !this.options.gameShown(claims))
        throw new ExternalWalletError('GAME_NOT_FOUND', 'the game is not offered to this player any more');
      return this.gate(player, amount);
    };
    return this.applyOnce(call, ok, prepare, async (tx, counted, record) => {
      const round = await this.lockRound(tx, provider.slug, roundId);
      if (round && (round.user_id !== claims.userId || round.game_id !== game.id))
        throw new ExternalWalletError('TRANSACTION_CONFLICT', `round ${roundId} belongs to another session`);
      if (round?.status === 'closed') throw new ExternalWalletError('ROUND_CLOSED', `round ${roundId} is closed`);
      const at = this.clock();
      await this.slotRules(tx, player, amount, !round, at);
      // Wager and loss limits under the player's usage lock, before the balance is locked (ADR 0295).
      if (counted) {
        try {
          await checkStakeUsage(tx, claims.userId, counted, amount);
        } catch (error) {
          if (error instanceof ApiError) throw new ExternalWalletError('LIMIT_EXCEEDED', detailOf(error));
          throw error;
        }
      } else await lockStakeUsage(tx, claims.userId);
      const wallet = userAccount(claims.userId, claims.currency);
      const balance = await lockAccountBalance(tx, wallet);
      if (balance < amount)
        throw new ExternalWalletError('INSUFFICIENT_FUNDS', `the balance is ${balance} minor units`, balance);
      const ledger = await post(tx, {
        idempotencyKey: `casino.external.bet:${provider.slug}:${transactionId}`,
        kind: 'casino.external.bet',
        postings: [
          { account: wallet, amount: -amount },
          { account: platformAccount(claims.brandId, claims.currency, 'casino_house'), amount },
        ],
        metadata: { provider: provider.slug, transactionId, roundId, gameId: game.id, amount },
        at,
      });
      if (round)
        await tx.query(
          `update casino_external_rounds set stake = stake + $3, updated_at = $4 where provider = $1 and round_id = $2`,
          [provider.slug, roundId, amount, at],
        );
      else
        await tx.query(
          `insert into casino_external_rounds (provider, round_id, user_id, brand_id, currency, game_id, stake, win,
             status, usage_day, usage_week, usage_month, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, 0, 'open', $8, $9, $10, $11, $11)`,
          [
            provider.slug,
            roundId,
            claims.userId,
            claims.brandId,
            claims.currency,
            game.id,
            amount,
            counted?.periods.day ?? null,
            counted?.periods.week ?? null,
            counted?.periods.month ?? null,
            at,
          ],
        );
      await record({ roundId, gameId: game.id, amount, ledger, at });
    });
  }

  private async win(
    provider: ExternalProviderConfig,
    claims: ExternalSessionClaims,
    request: Record<string, unknown>,
    ok: OkAnswer,
  ): Promise<ExternalOkBody> {
    const transactionId = field(request, 'transactionId');
    const roundId = field(request, 'roundId');
    const amount = minor(request, 'amount', true);
    const game = this.gameOf(provider, claims, request);
    this.checkCurrency(claims, request);
    const closeRound = request['roundClosed'] === undefined ? true : request['roundClosed'];
    if (typeof closeRound !== 'boolean') throw invalid('roundClosed is true or false');
    const print = fingerprint({ kind: 'win', roundId, game: game.id, amount, currency: claims.currency });
    const call: MoneyCall = { provider, claims, kind: 'win', transactionId, print };
    return this.applyOnce(
      call,
      ok,
      async () => undefined,
      async (tx, _, record) => {
        const round = await this.lockRound(tx, provider.slug, roundId);
        // A win pays a bet that stands: none taken (or all rolled back) is refused, never paid from nothing.
        if (!round || round.user_id !== claims.userId || round.game_id !== game.id || Number(round.stake) === 0)
          throw new ExternalWalletError('ROUND_NOT_FOUND', `no bet of this session stands in round ${roundId}`);
        if (round.status === 'closed') throw new ExternalWalletError('ROUND_CLOSED', `round ${roundId} is closed`);
        const at = this.clock();
        // The round's row adds the win to the loss usage (trigger): the usage row is locked before the balance.
        await lockStakeUsage(tx, claims.userId);
        const ledger =
          amount > 0
            ? await post(tx, {
                idempotencyKey: `casino.external.win:${provider.slug}:${transactionId}`,
                kind: 'casino.external.win',
                postings: [
                  { account: platformAccount(claims.brandId, claims.currency, 'casino_house'), amount: -amount },
                  { account: userAccount(claims.userId, claims.currency), amount },
                ],
                metadata: { provider: provider.slug, transactionId, roundId, gameId: game.id, amount },
                at,
              })
            : undefined;
        await tx.query(
          `update casino_external_rounds set win = win + $3, status = $4, updated_at = $5
         where provider = $1 and round_id = $2`,
          [provider.slug, roundId, amount, closeRound ? 'closed' : 'open', at],
        );
        await record({ roundId, gameId: game.id, amount, ledger, at });
      },
    );
  }

  private async rollback(
    provider: ExternalProviderConfig,
    claims: ExternalSessionClaims,
    request: Record<string, unknown>,
    ok: OkAnswer,
  ): Promise<ExternalOkBody> {
    const transactionId = field(request, 'transactionId');
    const referenceId = field(request, 'referenceTransactionId');
    const roundId = field(request, 'roundId');
    const game = this.gameOf(provider, claims, request);
    const print = fingerprint({ kind: 'rollback', roundId, game: game.id, referenceId });
    const call: MoneyCall = { provider, claims, kind: 'rollback', transactionId, print };
    return this.applyOnce(
      call,
      ok,
      async () => undefined,
      async (tx, _, store) => {
        const at = this.clock();
        const record = (amount: number, ledger: LedgerTransaction | undefined) =>
          store({ roundId, gameId: game.id, amount, referenceId, ledger, at });
        const bet = await this.findTransaction(tx, provider.slug, referenceId);
        if (!bet) {
          // The bet never arrived (or its answer was lost before it was applied): a tombstone under its id refuses it
          // if it arrives late, so a bet the provider gave up on can never take money.
          await this.insertTransaction(tx, {
            provider: provider.slug,
            transaction_id: referenceId,
            kind: 'bet',
            round_id: roundId,
            user_id: claims.userId,
            game_id: game.id,
            amount: 0,
            reference_id: null,
            status: 'tombstone',
            fingerprint: 'tombstone',
            ledger: undefined,
            at,
          });
          await record(0, undefined);
          return;
        }
        if (bet.kind !== 'bet' || bet.user_id !== claims.userId || bet.round_id !== roundId)
          throw new ExternalWalletError(
            'TRANSACTION_CONFLICT',
            `${referenceId} is not a bet of this session in round ${roundId}`,
          );
        if (bet.status !== 'done') {
          // Already reversed under another rollback id: nothing more to give back.
          await record(0, undefined);
          return;
        }
        const round = await this.lockRound(tx, provider.slug, roundId);
        if (!round) throw new Error(`bet ${referenceId} names round ${roundId}, which is not stored`);
        if (round.status === 'closed')
          throw new ExternalWalletError('ROUND_CLOSED', `round ${roundId} is settled; its bets stand`);
        const amount = Number(bet.amount);
        // The round's stake falls (trigger: the usage gives the wager back): the usage row is locked before the balance.
        await lockStakeUsage(tx, claims.userId);
        const ledger = await post(tx, {
          idempotencyKey: `casino.external.rollback:${provider.slug}:${transactionId}`,
          kind: 'casino.external.rollback',
          postings: [
            { account: platformAccount(claims.brandId, claims.currency, 'casino_house'), amount: -amount },
            { account: userAccount(claims.userId, claims.currency), amount },
          ],
          metadata: { provider: provider.slug, transactionId, referenceId, roundId, gameId: game.id, amount },
          at,
        });
        await tx.query(
          `update casino_external_transactions set status = 'rolled_back' where provider = $1 and transaction_id = $2`,
          [provider.slug, referenceId],
        );
        await tx.query(
          `update casino_external_rounds set stake = stake - $3, updated_at = $4 where provider = $1 and round_id = $2`,
          [provider.slug, roundId, amount, at],
        );
        await record(amount, ledger);
      },
    );
  }
}

function platformId(row: TransactionRow): string {
  return `${row.provider}:${row.transaction_id}`;
}

/** The platform refusal's sentence, passed on to the provider (it may show it to the player). */
function detailOf(error: ApiError): string {
  return error.extra.detail ?? error.message;
}
