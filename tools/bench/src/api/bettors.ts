// Bettor fixtures over the API: register (fast variant), fund, and build bet placements on open games. Used by the
// api area (bet placement under load) and the crash drill (bets over HTTP while the API is killed).
import { randomUUID } from 'node:crypto';
import { createPostgresDatabase } from '@tessera/server/db';
import { recordDeposit } from '@tessera/server/ledger';
import type { ApiProcess } from '../harness/servers';
import { nextClientAddress } from './load';

/** The bet placement call of the bets contract (docs/contracts/bets-api.md). */
export const MAKE_BET_PATH = '/service-api/LiveBet/Secure/MakeBetWeb';
/** The deposit call of the wallet contract. */
export const DEPOSIT_PATH = '/web-api/payments/deposit';

/** A signed-in account: its session cookie, brand, currency and the smallest stake it may place. */
export interface Bettor {
  accountId: string;
  userId: number;
  brand: string;
  cookie: string;
  currency: string;
  minStake: number;
}

/** One selection of a coupon, as the contract sends it. */
export interface CouponEvent {
  gameId: number;
  outcomeId: string;
  coef: number;
}

interface SiteConfigBody {
  config?: {
    registration?: { enabled?: boolean; variants?: Record<string, { enabled?: boolean }> };
    coupon?: { minBet?: Record<string, number> };
    global?: { currencies?: Record<string, { minBetSum?: number }> };
    captcha?: { type?: string; actions?: string[] };
  };
}

// The built-in checks' kinds (ADR 0160, 0210): the server asks a solved puzzle or ALTCHA proof of work of every
// registration they protect (also where altcha stands in for an hCaptcha or reCAPTCHA without its secret), so a
// benchmark registers its bettors on another brand.
const PUZZLE_CAPTCHA_TYPES = new Set(['painPuzzle', 'puzzle', 'huntCaptcha', 'hunt', 'altcha']);

/** The first brand served whose configuration offers the fast registration variant without a puzzle captcha on it. */
export async function brandWithFastRegistration(api: ApiProcess): Promise<string | undefined> {
  const ready = (await (await fetch(`${api.baseUrl}/ready`)).json()) as { brands?: { valid?: { id: string }[] } };
  for (const { id } of ready.brands?.valid ?? []) {
    const body = (await (await fetch(`${api.baseUrl}/web-api/site-config?brand=${id}`)).json()) as SiteConfigBody;
    const reg = body.config?.registration;
    const captcha = body.config?.captcha;
    const puzzle = PUZZLE_CAPTCHA_TYPES.has(captcha?.type ?? '') && (captcha?.actions ?? []).includes('registration');
    if (reg?.enabled !== false && reg?.variants?.['fast'] && reg.variants['fast'].enabled !== false && !puzzle)
      return id;
  }
  return undefined;
}

/** Registers one account through the fast variant; the answer's session cookie signs it in. */
export async function registerBettor(api: ApiProcess, brand: string): Promise<Bettor> {
  const res = await fetch(`${api.baseUrl}/web-api/user/registration?brand=${brand}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
    body: JSON.stringify({ variant: 'fast', age_confirmed: true }),
  });
  const body = (await res.json().catch(() => ({}))) as { account_id?: string; message?: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.startsWith('tessera_session='))
    .join('; ');
  if (res.status !== 201 || !body.account_id || !cookie)
    throw new Error(`fast registration answered ${res.status} ${body.message ?? ''}`.trim());
  const balance = (await (
    await fetch(`${api.baseUrl}/account-api/user/balance?brand=${brand}`, { headers: { cookie } })
  ).json()) as {
    accounts?: { iso?: string; isActive?: boolean }[];
  };
  const currency = balance.accounts?.find((a) => a.isActive)?.iso ?? balance.accounts?.[0]?.iso;
  if (!currency) throw new Error('the new account has no active balance');
  const config = (await (await fetch(`${api.baseUrl}/web-api/site-config?brand=${brand}`)).json()) as SiteConfigBody;
  const minStake =
    config.config?.coupon?.minBet?.[currency] ?? config.config?.global?.currencies?.[currency]?.minBetSum ?? 1;
  return { accountId: body.account_id, userId: Number(body.account_id), brand, cookie, currency, minStake };
}

/** Headers of a signed-in write from the site's own page (the CSRF rule wants the site's Origin). */
export function writeHeaders(api: ApiProcess, bettor: Bettor): Record<string, string> {
  return { cookie: bettor.cookie, origin: api.baseUrl, 'content-type': 'application/json' };
}

/** The PostgreSQL connection and schema an API process runs on (its URL carries `-c search_path=<schema>`). */
export function postgresTarget(api: ApiProcess): { url: string; schema: string } | undefined {
  if (api.engine !== 'postgres' || !api.options.databaseUrl) return undefined;
  const u = new URL(api.options.databaseUrl);
  const schema = /search_path=([A-Za-z0-9_]+)/.exec(u.searchParams.get('options') ?? '')?.[1];
  u.searchParams.delete('options');
  return schema ? { url: u.toString(), schema } : undefined;
}

/**
 * Puts `amount` (major units) on the bettor's balance. Through the API's deposit call with the sandbox's approving
 * card when the API has a payment provider; otherwise, on PostgreSQL only, as a ledger deposit straight into the
 * API's schema (the same `recordDeposit` the provider callback ends in). Answers how it was funded.
 */
export async function fundBettor(
  api: ApiProcess,
  bettor: Bettor,
  amount: number,
): Promise<'api deposit' | 'ledger deposit'> {
  // One card deposit is at most DEPOSIT_MAX (the wallet's deposit-request schema): a larger sum goes in several.
  let how: 'api deposit' | 'ledger deposit' = 'api deposit';
  for (let left = amount; left > 0; left -= DEPOSIT_MAX) {
    // Without a provider the rest goes in as one ledger deposit (PostgreSQL only).
    how = await fundOnce(api, bettor, Math.min(left, DEPOSIT_MAX), left);
    if (how === 'ledger deposit') break;
  }
  return how;
}

/** The largest amount (major units) of one deposit call: schemas/api/wallet/deposit-request.schema.json. */
export const DEPOSIT_MAX = 100_000;

async function fundOnce(
  api: ApiProcess,
  bettor: Bettor,
  amount: number,
  ledgerAmount: number,
): Promise<'api deposit' | 'ledger deposit'> {
  const res = await fetch(`${api.baseUrl}${DEPOSIT_PATH}?brand=${bettor.brand}`, {
    method: 'POST',
    headers: writeHeaders(api, bettor),
    body: JSON.stringify({
      amount,
      card: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
      merchantReference: randomUUID(),
    }),
  });
  const body = (await res.json().catch(() => ({}))) as {
    merchantReference?: string;
    status?: string;
    error_code?: number;
    message?: string;
    detail?: string;
    validation_errors?: { field?: string; message?: string }[];
  };
  if (res.status === 202 && body.merchantReference) {
    const until = Date.now() + 20_000;
    let status = body.status;
    while (status !== 'succeeded' && Date.now() < until) {
      if (status === 'declined' || status === 'expired') throw new Error(`the sandbox deposit ended ${status}`);
      await new Promise((r) => setTimeout(r, 250));
      const poll = (await (
        await fetch(`${api.baseUrl}${DEPOSIT_PATH}/${body.merchantReference}?brand=${bettor.brand}`, {
          headers: { cookie: bettor.cookie },
        })
      ).json()) as { status?: string };
      status = poll.status;
    }
    if (status !== 'succeeded') throw new Error('the sandbox deposit did not succeed within 20 s');
    return 'api deposit';
  }
  const pg = postgresTarget(api);
  if (!pg) {
    const why = [body.message, body.detail, ...(body.validation_errors ?? []).map((v) => `${v.field}: ${v.message}`)]
      .filter(Boolean)
      .join('; ');
    throw new Error(
      `the deposit call answered ${res.status} (${why || 'no reason given'}) and the embedded database cannot be funded from outside the API process`,
    );
  }
  const db = await createPostgresDatabase({ connectionString: pg.url, schema: pg.schema, maxConnections: 1 });
  try {
    await recordDeposit(db, {
      brandId: bettor.brand,
      userId: bettor.userId,
      currency: bettor.currency,
      amount: Math.round(ledgerAmount * 100),
      provider: 'bench',
      reference: randomUUID(),
    });
  } finally {
    await db.close();
  }
  return 'ledger deposit';
}

/** Open prematch selections of the line (main market, open outcome), to bet on. */
export async function openSelections(api: ApiProcess, brand: string, count = 50): Promise<CouponEvent[]> {
  const res = await fetch(`${api.baseUrl}/service-api/LineFeed/Get1x2_VZip?count=${count}&brand=${brand}`);
  if (!res.ok) throw new Error(`the line feed answered ${res.status}`);
  const body = (await res.json()) as {
    games?: {
      id: number;
      status?: string;
      mainMarket?: { status?: string; outcomes?: { id: string; odds: number; status?: string }[] } | null;
    }[];
  };
  const out: CouponEvent[] = [];
  for (const g of body.games ?? []) {
    if (g.status !== 'prematch' || g.mainMarket?.status !== 'open') continue;
    const o = g.mainMarket.outcomes?.find((x) => x.status === 'open');
    if (o) out.push({ gameId: g.id, outcomeId: o.id, coef: o.odds });
  }
  if (!out.length) throw new Error('no open prematch selection in the line');
  return out;
}

/** A single bet at the minimum stake that accepts any odds change (CheckCf 2), so moving odds do not refuse it. */
export function singleBet(betGuid: string, event: CouponEvent, stake: number): string {
  return JSON.stringify({ betGUID: betGuid, Events: [event], vid: 0, Summ: stake, CheckCf: 2 });
}

/** An account to sign in with: its brand, login (account id) and password. */
export interface SignInAccount {
  brand: string;
  login: string;
  password: string;
}

/** Registers an account through the fast variant, for the sign-in figures (api and hashing areas). */
export async function registerSignInAccount(api: ApiProcess): Promise<SignInAccount | string> {
  const brand = await brandWithFastRegistration(api);
  if (!brand) return 'no brand offers the fast registration variant, so no account to sign in with';
  const res = await fetch(`${api.baseUrl}/web-api/user/registration?brand=${brand}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
    body: JSON.stringify({ variant: 'fast', age_confirmed: true }),
  });
  const body = (await res.json().catch(() => ({}))) as { account_id?: string; password?: string; message?: string };
  if (res.status !== 201 || !body.account_id || !body.password)
    return `fast registration answered ${res.status} ${body.message ?? ''}`.trim();
  return { login: body.account_id, password: body.password, brand };
}
