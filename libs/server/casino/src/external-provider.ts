/**
 * The port of an external game provider on the seamless wallet (ADR 0345, README "External providers"): the provider
 * runs the game and its randomness; the platform holds the money. The platform issues a launch URL carrying a
 * short-lived signed token; the provider calls back for balance, bet, win and rollback, each request signed with the
 * provider's shared secret and idempotent by the provider's transaction id.
 */

/** A game an external provider offers, as the platform's catalogue lists it. */
export interface ExternalGameInfo {
  /** The catalogue's game id (unique across providers: prefixed with the provider's slug). */
  id: string;
  /** The provider's own id of the game (what the launch URL names). */
  providerGameId: string;
  /** The game's name as the provider publishes it (shown as is, not translated). */
  name: string;
  kind: 'slot';
  /** Lobby filing: the first category is the game's own (switched off for a site, the game is hidden there). */
  categories: readonly string[];
  tags: readonly string[];
  isNew: boolean;
  /** The provider's certified return to player, percent with two decimals. */
  rtpPercent: string;
  maxWinMultiple: number;
}

/** A provider connected to the platform. */
export interface ExternalProviderConfig {
  /** Lobby provider id (`modules.casino.hiddenProviders`); 1 is the in-house games'. */
  id: number;
  /** URL-safe name: the callback path (`/casino-provider-api/<slug>/...`) and the ledger keys carry it. */
  slug: string;
  name: string;
  /** Where the browser opens a game: `<launchUrl>?token=...&game=...`; its origin is what the game page frames. */
  launchUrl: string;
  /** HMAC key of the callbacks, shared with the provider; from the server secrets, never a brand file. */
  callbackSecret: string;
  games: readonly ExternalGameInfo[];
}

/**
 * The provider-facing error codes (the industry's seamless-wallet set). Every refusal answers
 * `{ status: "ERROR", code, message }` with the HTTP status given; the provider acts on `code` and `retry`:
 * `retry: true` means the platform did not decide (the provider sends the same transaction id again, or rolls a bet
 * back); otherwise the answer is final.
 */
export const EXTERNAL_WALLET_ERRORS = {
  INVALID_REQUEST: { status: 400, retry: false, message: 'The request is malformed' },
  INVALID_SIGNATURE: { status: 401, retry: false, message: 'The request signature is missing, stale or wrong' },
  INVALID_TOKEN: { status: 401, retry: false, message: 'The session token is not valid for this request' },
  TOKEN_EXPIRED: { status: 401, retry: false, message: 'The session token has expired' },
  UNKNOWN_PROVIDER: { status: 404, retry: false, message: 'No such provider is connected' },
  GAME_NOT_FOUND: { status: 404, retry: false, message: 'The game is not offered to this player' },
  CURRENCY_MISMATCH: { status: 422, retry: false, message: "The currency is not the player's wallet currency" },
  INSUFFICIENT_FUNDS: { status: 402, retry: false, message: 'The bet is above the balance' },
  LIMIT_EXCEEDED: { status: 403, retry: false, message: "The bet would pass one of the player's limits" },
  PLAYER_BLOCKED: { status: 403, retry: false, message: 'The player may not bet now' },
  STAKE_ABOVE_MAXIMUM: {
    status: 422,
    retry: false,
    message: "The stake is above the largest one the player's jurisdiction allows",
  },
  SPIN_TOO_SOON: {
    status: 429,
    retry: false,
    message: "The player's jurisdiction requires a longer time between rounds",
  },
  ROUND_NOT_FOUND: { status: 404, retry: false, message: 'No bet was taken in this round' },
  ROUND_CLOSED: { status: 409, retry: false, message: 'The round is closed' },
  TRANSACTION_CONFLICT: { status: 409, retry: false, message: 'This transaction id was used with other content' },
  BET_ROLLED_BACK: { status: 409, retry: false, message: 'The bet was rolled back; it cannot be taken' },
  INTERNAL_ERROR: { status: 500, retry: true, message: 'The platform could not answer; send the same request again' },
} as const;

/** A provider-facing error code. */
export type ExternalWalletErrorCode = keyof typeof EXTERNAL_WALLET_ERRORS;

/** A refusal answered to the provider in the seamless-wallet shape. */
export class ExternalWalletError extends Error {
  constructor(
    readonly code: ExternalWalletErrorCode,
    message?: string,
    /** The balance the provider shows (insufficient funds), minor units. */
    readonly balance?: number,
  ) {
    super(message ?? EXTERNAL_WALLET_ERRORS[code].message);
    this.name = 'ExternalWalletError';
  }

  get status(): number {
    return EXTERNAL_WALLET_ERRORS[this.code].status;
  }

  body(currency?: string): ExternalErrorBody {
    return {
      status: 'ERROR',
      code: this.code,
      message: this.message,
      retry: EXTERNAL_WALLET_ERRORS[this.code].retry,
      ...(this.balance !== undefined ? { balance: this.balance } : {}),
      ...(currency ? { currency } : {}),
    };
  }
}

/** The error answer's body. */
export interface ExternalErrorBody {
  status: 'ERROR';
  code: ExternalWalletErrorCode;
  message: string;
  retry: boolean;
  balance?: number;
  currency?: string;
}

/** The success answer's body: the balance after the call, and for money calls the transaction as recorded. */
export interface ExternalOkBody {
  status: 'OK';
  /** The wallet's balance after the call, minor units. */
  balance: number;
  currency: string;
  /** The session token renewed (a fresh expiry): the provider sends it on its next call. */
  token: string;
  /** Money calls: the provider's transaction id echoed. */
  transactionId?: string;
  /** Money calls: the platform's id of the record (the same on a repeated call). */
  platformTransactionId?: string;
  /** Money calls: true when this transaction id had already been applied (nothing moved now). */
  duplicate?: boolean;
}

/** The callbacks' paths: `POST /casino-provider-api/<provider slug>/<action>`. */
export const EXTERNAL_WALLET_ACTIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type ExternalWalletAction = (typeof EXTERNAL_WALLET_ACTIONS)[number];

/** The request header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const EXTERNAL_SIGNATURE_HEADER = 'x-casino-signature';
