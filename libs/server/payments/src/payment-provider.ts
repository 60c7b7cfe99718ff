/** Where a deposit stands at the provider. */
export type DepositStatus = 'requires_action' | 'processing' | 'succeeded' | 'declined' | 'expired';

/** Card details as the payment form sends them; never stored (the provider keeps only the last four digits). */
export interface CardInput {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holder?: string;
}

/** How a card is funded, as its issuer's BIN range says: a credit line, the holder's account, or a prepaid balance. */
export type CardFunding = 'credit' | 'debit' | 'prepaid';

/** A deposit the platform asks the provider to collect. Amounts are integer minor units. */
export interface DepositIntentRequest {
  /** The platform's own id for this deposit: the provider is idempotent by it. */
  merchantReference: string;
  amount: number;
  currency: string;
  card: CardInput;
  /** Echoed back in status and callbacks (the platform puts brandId and userId here). */
  metadata?: Record<string, string>;
  /**
   * Card fundings the merchant does not accept (a licence's ban on credit cards, UKGC-CC-1): the provider knows a
   * card's funding from its BIN and refuses such a card (validation, field card.number) before charging anything.
   */
  refusedFunding?: readonly CardFunding[];
}

/** The provider's view of a deposit. */
export interface DepositIntent {
  id: string;
  merchantReference: string;
  amount: number;
  currency: string;
  status: DepositStatus;
  declineReason: string | null;
  /** Set while the payer must complete a 3-D Secure-like challenge. */
  nextAction: { type: 'challenge'; prompt: string } | null;
  cardLast4: string;
  refundedAmount: number;
  metadata: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

/** The body of a provider callback (webhook), after its signature was checked. */
export interface PaymentCallback {
  eventId: string;
  type: 'deposit.succeeded' | 'deposit.declined' | 'deposit.expired';
  intent: DepositIntent;
}

/** A signed callback as it travels over HTTP: the raw body and its signature header. */
export interface SignedCallback {
  body: string;
  signature: string;
}

/** A refund of (part of) a succeeded deposit. */
export interface RefundRequest {
  merchantReference: string;
  /** The platform's id for this refund: the provider is idempotent by it. */
  refundReference: string;
  amount: number;
}

/** What a refund did. */
export interface RefundResult {
  refundId: string;
  refundReference: string;
  amount: number;
  /** Total refunded on the deposit after this refund. */
  refundedAmount: number;
}

/** Where a payout stands at the provider. */
export type PayoutStatus = 'processing' | 'paid' | 'declined' | 'failed' | 'expired';

/**
 * Where a payout goes: back to the card a deposit was paid with (closed loop, by the deposit's merchant reference),
 * or to a card the player names.
 */
export type PayoutDestination = { type: 'deposit'; merchantReference: string } | { type: 'card'; card: CardInput };

/** A payout the platform asks the provider to make. Amounts are integer minor units. */
export interface PayoutRequest {
  /** The platform's own id for this payout (the withdrawal id): the provider is idempotent by it. */
  payoutReference: string;
  amount: number;
  currency: string;
  destination: PayoutDestination;
  /** Echoed back in status and callbacks. */
  metadata?: Record<string, string>;
}

/** The provider's view of a payout. */
export interface Payout {
  id: string;
  payoutReference: string;
  amount: number;
  currency: string;
  status: PayoutStatus;
  /** Why it did not pay (payout_declined, beneficiary_account_closed, provider_timeout, ...). */
  failureReason: string | null;
  destinationLast4: string;
  metadata: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

/** The body of a payout callback, after its signature was checked. */
export interface PayoutCallback {
  eventId: string;
  type: 'payout.paid' | 'payout.declined' | 'payout.failed' | 'payout.expired';
  payout: Payout;
}

/** The outside world's payment provider, behind one interface so development and tests need no real one. */
export interface PaymentProvider {
  /** Stable id, part of ledger idempotency keys (`deposit:<id>:<merchantReference>`). */
  readonly id: string;
  /** Starts a deposit; the same merchant reference again returns the same intent. Throws {@link PaymentError}. */
  createDepositIntent(request: DepositIntentRequest): Promise<DepositIntent>;
  /** Completes the payer's challenge (3-D Secure) of an intent that requires action. */
  completeChallenge(merchantReference: string, code: string): Promise<DepositIntent>;
  /** The current state of a deposit, by merchant reference. */
  getDepositIntent(merchantReference: string): Promise<DepositIntent | undefined>;
  /** Checks a callback's signature and freshness and parses it; throws {@link PaymentError} `signature`. */
  verifyCallback(body: string, signature: string | undefined): PaymentCallback;
  /** Refunds part or all of a succeeded deposit. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Starts a payout, decided asynchronously (a signed callback tells the outcome); the same payout reference again
   * returns the same payout. Throws {@link PaymentError} `validation` for a destination or amount it will never pay.
   */
  createPayout(request: PayoutRequest): Promise<Payout>;
  /** The current state of a payout, by payout reference; undefined when the provider never received it. */
  getPayout(payoutReference: string): Promise<Payout | undefined>;
  /** Checks a payout callback's signature and freshness and parses it; throws {@link PaymentError} `signature`. */
  verifyPayoutCallback(body: string, signature: string | undefined): PayoutCallback;
}

/** A provider refusal the API turns into an answer: validation (422), idempotency (409), state (409), signature (401). */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly reason: 'validation' | 'idempotency' | 'state' | 'signature' | 'not_found',
    /** The request field at fault, for validation_errors. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}
