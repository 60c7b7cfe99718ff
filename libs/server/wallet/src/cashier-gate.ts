import type { ApiError } from '@tessera/server/api-errors';

/** What a cashier gate is asked about: one money movement a player starts. Amounts are integer minor units. */
export interface CashierGateInput {
  /** The player's account (user) id. */
  accountId: string;
  brandId: string;
  /** The player's registration country (ISO 3166-1 alpha-2, lower case as the brand files name it). */
  country: string;
  currency: string;
  /** Integer minor units, as the ledger counts money. */
  amountMinor: number;
  kind: 'deposit' | 'withdrawal' | 'transfer';
  /** A deposit's merchant reference, chosen before the gates ask (player protection holds it against the limits). */
  reference?: string;
}

/**
 * A check another area plugs into the cashier (responsible gambling's deposit limits, verification's "no withdrawal
 * before verification", ...): called before a deposit starts, before a withdrawal is reserved and before a transfer
 * between own accounts. An {@link ApiError} answer refuses the movement with that error (its status and code reach
 * the player unchanged); undefined lets it through. Gates run in the order given; the first refusal wins.
 */
export type CashierGate = (input: CashierGateInput) => Promise<ApiError | undefined>;

/** Runs the gates in order and throws the first refusal; nothing is written before every gate has answered. */
export async function checkCashierGates(
  gates: readonly CashierGate[] | undefined,
  input: CashierGateInput,
): Promise<void> {
  for (const gate of gates ?? []) {
    const refusal = await gate(input);
    if (refusal) throw refusal;
  }
}
