import type { Database } from '@tessera/server/db';
import { recordDeposit, type LedgerTransaction } from '@tessera/server/ledger';
import { PaymentError, type PaymentProvider } from './payment-provider';

/** What handling one callback did. */
export type DepositCallbackResult =
  | { outcome: 'credited'; transaction: LedgerTransaction }
  | { outcome: 'already_credited'; transaction: LedgerTransaction }
  | { outcome: 'not_credited'; status: string; reason: string | null };

/**
 * Handles a provider's deposit callback: checks the signature, asks the provider for the deposit's current state
 * (a callback says something happened; the provider's own record says what), and credits the wallet through the
 * ledger. The ledger key `deposit:<provider>:<merchantReference>` makes the credit happen once, however many times
 * and however concurrently the callback arrives. Throws {@link PaymentError} `signature` (answer 401) or `state`.
 */
export async function handleDepositCallback(
  database: Database,
  provider: PaymentProvider,
  body: string,
  signature: string | undefined,
): Promise<DepositCallbackResult> {
  const callback = provider.verifyCallback(body, signature);
  const intent = await provider.getDepositIntent(callback.intent.merchantReference);
  if (!intent) throw new PaymentError(`Unknown deposit ${callback.intent.merchantReference}`, 'not_found');
  if (intent.status !== 'succeeded')
    return { outcome: 'not_credited', status: intent.status, reason: intent.declineReason };
  const brandId = intent.metadata['brandId'];
  const userId = intent.metadata['userId'];
  if (!brandId || !userId)
    throw new PaymentError(`Deposit ${intent.merchantReference} carries no brandId and userId`, 'state');
  const transaction = await recordDeposit(database, {
    brandId,
    userId,
    currency: intent.currency,
    amount: intent.amount,
    provider: provider.id,
    reference: intent.merchantReference,
  });
  return { outcome: transaction.replayed ? 'already_credited' : 'credited', transaction };
}
