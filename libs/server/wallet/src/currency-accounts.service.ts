import { randomUUID } from 'node:crypto';
import type { Bettor } from '@tessera/server/bets';
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import type { Database, Queryable } from '@tessera/server/db';
import {
  getAccountBalance,
  InsufficientFundsError,
  platformAccount,
  post,
  userAccount,
  type AccountRef,
} from '@tessera/server/ledger';
import { RatesUnavailableError, type RatesProvider } from '@tessera/server/payments';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { cashierRefusal } from './cashier-errors';
import { checkCashierGates, type CashierGate } from './cashier-gate';
import { playerCountry } from './player';
import { withdrawableOf } from './withdrawals.service';

type Config = ResolvedBrand['config'];

/** One of the player's currency accounts (money in minor units). */
export interface CurrencyAccount {
  id: string;
  currency: string;
  /** The main account's balance in this currency. */
  balance: number;
  /** Bets and deposits use the active account. */
  active: boolean;
}

/** A rate shown to the player, good until `expiresAt`. Amounts in minor units. */
export interface TransferQuote {
  id: string;
  fromCurrency: string;
  toCurrency: string;
  fromAmount: number;
  toAmount: number;
  rate: number;
  rateAsOf: Date;
  expiresAt: Date;
}

/** A transfer made between two of the player's accounts. */
export interface Transfer {
  id: string;
  quoteId: string;
  fromCurrency: string;
  toCurrency: string;
  fromAmount: number;
  toAmount: number;
  rate: number;
  createdAt: Date;
}

/** What {@link createCurrencyAccounts} needs. */
export interface CurrencyAccountsDependencies {
  db: Database;
  /** Exchange rates; without one transfers are refused (rate_unavailable). */
  rates: RatesProvider | undefined;
  clock: () => Date;
  gates?: readonly CashierGate[];
}

/** The player's currency accounts and transfers between them (README, "Currency accounts"). */
export interface CurrencyAccounts {
  list(bettor: Bettor, config: Config): Promise<CurrencyAccount[]>;
  create(bettor: Bettor, config: Config, currency: string): Promise<CurrencyAccount[]>;
  remove(bettor: Bettor, config: Config, accountId: string): Promise<CurrencyAccount[]>;
  activate(bettor: Bettor, config: Config, accountId: string): Promise<CurrencyAccount[]>;
  quote(
    bettor: Bettor,
    config: Config,
    input: { fromAccountId: string; toAccountId: string; amount: number },
  ): Promise<TransferQuote>;
  transfer(bettor: Bettor, config: Config, quoteId: string): Promise<Transfer>;
}

/** The ledger's scale of a rate: conversions multiply integers, never floats. */
const RATE_SCALE = 1_000_000_000_000n;

/**
 * The amount a transfer credits: `fromAmount × rate`, rounded DOWN to the minor unit of the target currency (spec
 * section 9: 2 decimals). The fraction below a minor unit stays in the brand's clearing account for the pair: a
 * transfer never credits money the debit did not pay for.
 */
export function convertMinor(fromAmount: number, rate: number): number {
  const scaled = BigInt(Math.round(rate * Number(RATE_SCALE)));
  return Number((BigInt(fromAmount) * scaled) / RATE_SCALE);
}

/** The brand's clearing account of a currency pair, one leg per currency (the pair in alphabetical order). */
export function fxClearingAccount(brandId: string, a: string, b: string, currency: string): AccountRef {
  const [first, second] = [a, b].sort();
  return platformAccount(`${brandId}/fx/${first}-${second}`, currency, 'fx_clearing');
}

interface AccountRow {
  id: string;
  currency: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The currency accounts over a rates provider (or none: transfers answer 503). */
export function createCurrencyAccounts(deps: CurrencyAccountsDependencies): CurrencyAccounts {
  const { db, clock } = deps;

  function requireEnabled(config: Config): void {
    if (!config.cashier.currencyAccounts.enabled)
      throw cashierRefusal('currency_accounts_disabled', 'Accounts in other currencies are not offered on this site');
  }

  /** The player's account rows; the account of registration exists from the start (migration 0502's trigger). */
  async function rows(q: Queryable, bettor: Bettor): Promise<AccountRow[]> {
    const { rows: found } = await q.query<AccountRow>(
      `select id::text as id, currency from cashier_currency_accounts where user_id = $1 and brand_id = $2 order by id`,
      [bettor.userId, bettor.brandId],
    );
    return found;
  }

  async function list(bettor: Bettor): Promise<CurrencyAccount[]> {
    const found = await rows(db, bettor);
    return Promise.all(
      found.map(async (r) => ({
        id: r.id,
        currency: r.currency,
        balance: await getAccountBalance(db, userAccount(bettor.userId, r.currency)),
        active: r.currency === bettor.currency,
      })),
    );
  }

  async function owned(bettor: Bettor, accountId: string): Promise<AccountRow> {
    const found = (await rows(db, bettor)).find((r) => r.id === accountId);
    if (!found) throw cashierRefusal('currency_account_not_found', 'No such account');
    return found;
  }

  return {
    list: (bettor) => list(bettor),

    async create(bettor, config, currency) {
      requireEnabled(config);
      if (!Object.hasOwn(config.global.currencies, currency) || config.global.currencies[currency]?.hide === true)
        throw cashierRefusal('currency_not_offered', `${currency} is not offered on this site`, 'currency_id');
      const now = clock();
      const { rowCount } = await db.query(
        `insert into cashier_currency_accounts (brand_id, user_id, currency, created_at) values ($1, $2, $3, $4)
         on conflict (user_id, currency) do nothing`,
        [bettor.brandId, bettor.userId, currency, now],
      );
      if (rowCount === 0) throw cashierRefusal('currency_account_exists', `You already hold a ${currency} account`);
      return list(bettor);
    },

    async remove(bettor, config, accountId) {
      requireEnabled(config);
      const account = await owned(bettor, accountId);
      if (account.currency === bettor.currency)
        throw cashierRefusal('currency_account_active', 'The active account cannot be deleted; make another active');
      await db.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`advance:${bettor.userId}`]);
        const purposes = ['main', 'bonus', 'withdrawal_hold'] as const;
        for (const purpose of purposes) {
          if ((await getAccountBalance(tx, userAccount(bettor.userId, account.currency, purpose))) !== 0)
            throw cashierRefusal('currency_account_not_empty', 'Only an empty account can be deleted');
        }
        await tx.query(`delete from cashier_currency_accounts where id = $1`, [account.id]);
      });
      return list(bettor);
    },

    async activate(bettor, config, accountId) {
      requireEnabled(config);
      const account = await owned(bettor, accountId);
      // The active account is the one the session's bettor bets and deposits in (accounts_users.currency).
      await db.query(`update accounts_users set currency = $2, updated_at = $3 where id = $1`, [
        bettor.userId,
        account.currency,
        clock(),
      ]);
      return list({ ...bettor, currency: account.currency });
    },

    async quote(bettor, config, input) {
      requireEnabled(config);
      const from = await owned(bettor, input.fromAccountId);
      const to = await owned(bettor, input.toAccountId);
      if (from.currency === to.currency)
        throw cashierRefusal('transfer_invalid', 'Choose two different accounts', 'to_account_id');
      const fromAmount = toMinorUnits(input.amount);
      const available = await withdrawableOf(db, { ...bettor, currency: from.currency });
      if (fromAmount > available.withdrawable)
        throw cashierRefusal(
          'above_balance',
          `At most ${fromMinorUnits(available.withdrawable).toFixed(2)} ${from.currency} can be moved now`,
          'amount',
        );
      if (!deps.rates) throw cashierRefusal('rate_unavailable', 'No exchange rates are available');
      let rate;
      try {
        rate = await deps.rates.getRate(from.currency, to.currency);
      } catch (error) {
        if (error instanceof RatesUnavailableError) throw cashierRefusal('rate_unavailable', error.message);
        throw error;
      }
      const now = clock();
      const settings = config.cashier.currencyAccounts;
      if (now.getTime() - rate.asOf.getTime() > settings.maxRateAgeSeconds * 1000)
        throw cashierRefusal(
          'rate_unavailable',
          `The ${from.currency}/${to.currency} rate is out of date; try again in a few minutes`,
        );
      const toAmount = convertMinor(fromAmount, rate.rate);
      if (toAmount <= 0) throw cashierRefusal('transfer_invalid', 'The amount is too small to convert', 'amount');
      const quote: TransferQuote = {
        id: randomUUID(),
        fromCurrency: from.currency,
        toCurrency: to.currency,
        fromAmount,
        toAmount,
        rate: rate.rate,
        rateAsOf: rate.asOf,
        expiresAt: new Date(now.getTime() + settings.quoteSeconds * 1000),
      };
      await db.query(
        `insert into cashier_transfer_quotes (id, brand_id, user_id, from_currency, to_currency, from_amount, to_amount,
           rate, rate_provider, rate_as_of, expires_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          quote.id,
          bettor.brandId,
          bettor.userId,
          quote.fromCurrency,
          quote.toCurrency,
          fromAmount,
          toAmount,
          rate.rate,
          deps.rates.id,
          rate.asOf,
          quote.expiresAt,
          now,
        ],
      );
      return quote;
    },

    async transfer(bettor, config, quoteId) {
      requireEnabled(config);
      if (!uuid.test(quoteId)) throw cashierRefusal('quote_expired', 'Ask for a new quote');
      const { rows: quotes } = await db.query<{
        from_currency: string;
        to_currency: string;
        from_amount: string;
        to_amount: string;
        rate: string;
        expires_at: Date;
      }>(`select * from cashier_transfer_quotes where id = $1 and user_id = $2 and brand_id = $3`, [
        quoteId,
        bettor.userId,
        bettor.brandId,
      ]);
      const q = quotes[0];
      if (!q) throw cashierRefusal('quote_expired', 'Ask for a new quote');
      const previous = await findTransfer(db, quoteId);
      if (previous) return previous;
      if (clock().getTime() > new Date(q.expires_at).getTime())
        throw cashierRefusal('quote_expired', 'The quote has expired; ask for a new one');
      const fromAmount = Number(q.from_amount);
      const toAmount = Number(q.to_amount);
      await checkCashierGates(deps.gates, {
        accountId: bettor.userId,
        brandId: bettor.brandId,
        country: await playerCountry(db, bettor.userId),
        currency: q.from_currency,
        amountMinor: fromAmount,
        kind: 'transfer',
      });
      const id = randomUUID();
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`advance:${bettor.userId}`]);
          if (await findTransfer(tx, quoteId)) return;
          const available = await withdrawableOf(tx, { ...bettor, currency: q.from_currency });
          if (fromAmount > available.withdrawable) throw new InsufficientFundsError({ accountId: '' }, 0);
          const ledger = await post(tx, {
            idempotencyKey: `transfer:${quoteId}`,
            kind: 'transfer',
            postings: [
              { account: userAccount(bettor.userId, q.from_currency), amount: -fromAmount },
              {
                account: fxClearingAccount(bettor.brandId, q.from_currency, q.to_currency, q.from_currency),
                amount: fromAmount,
              },
              {
                account: fxClearingAccount(bettor.brandId, q.from_currency, q.to_currency, q.to_currency),
                amount: -toAmount,
              },
              { account: userAccount(bettor.userId, q.to_currency), amount: toAmount },
            ],
            metadata: { transferId: id, quoteId, rate: q.rate, brandId: bettor.brandId },
            at: now,
          });
          await tx.query(
            `insert into cashier_transfers (id, quote_id, brand_id, user_id, from_currency, to_currency, from_amount,
               to_amount, rate, ledger_transaction_id, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              id,
              quoteId,
              bettor.brandId,
              bettor.userId,
              q.from_currency,
              q.to_currency,
              fromAmount,
              toAmount,
              q.rate,
              ledger.id,
              now,
            ],
          );
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError)
          throw cashierRefusal('above_balance', 'The account no longer holds this amount', 'amount');
        throw error;
      }
      return (await findTransfer(db, quoteId)) as Transfer;
    },
  };
}

async function findTransfer(q: Queryable, quoteId: string): Promise<Transfer | undefined> {
  const { rows } = await q.query<{
    id: string;
    quote_id: string;
    from_currency: string;
    to_currency: string;
    from_amount: string;
    to_amount: string;
    rate: string;
    created_at: Date;
  }>(`select * from cashier_transfers where quote_id = $1`, [quoteId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    quoteId: r.quote_id,
    fromCurrency: r.from_currency,
    toCurrency: r.to_currency,
    fromAmount: Number(r.from_amount),
    toAmount: Number(r.to_amount),
    rate: Number(r.rate),
    createdAt: new Date(r.created_at),
  };
}
