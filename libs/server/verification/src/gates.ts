import type { ApiError } from '@tessera/server/api-errors';
import { toMinorUnits, fromMinorUnits } from '@tessera/shared/util-format';
import { verificationRequired } from './refusals';
import { verificationConfig, type VerificationContext } from './verification-context';
import { rulesFor, statusOf, type VerificationStatus } from './verification-status';
import { depositedMinor } from './verification.repository';

/**
 * A money movement or stake the gates are asked about; the shape of `@tessera/server/wallet`'s CashierGate input
 * (and of the bets' stake gates), so the functions below plug in there without this library importing either.
 */
export interface GateInput {
  accountId: string;
  brandId: string;
  /** The account's country (the verified one once verified). */
  country: string;
  currency: string;
  /** Integer minor units. */
  amountMinor: number | bigint;
  kind: 'deposit' | 'withdrawal' | 'transfer' | 'stake';
}

/** A check answering an {@link ApiError} to refuse, or undefined to let through. */
export type VerificationGate = (input: GateInput) => Promise<ApiError | undefined>;

type Pending = Exclude<VerificationStatus, 'verified'>;

const WHAT_TO_DO: Readonly<Record<Pending, string>> = {
  not_started: 'Upload your identity document in the office, on the verification page, and send it for review',
  submitted: 'Your documents are being reviewed; this is allowed once they are accepted',
  resubmitted: 'Your documents are being reviewed; this is allowed once they are accepted',
  rejected: 'Your documents were not accepted: see why on the verification page and send them again',
};

/**
 * The verification rules (verification.requiredBefore of the account's brand and country) as one gate for the
 * cashier and bet placement: a withdrawal waits for verification when `withdrawal` is on; deposits and stakes wait
 * when `deposit` is on, and once `deadlineDays` after registration have passed; a deposit waits when it would take the player's deposits in
 * its currency past `depositThreshold`. A verified player passes every rule; transfers between own accounts pass.
 */
export function verificationGate(ctx: VerificationContext): VerificationGate {
  return async (input) => {
    if (input.kind === 'transfer') return undefined;
    const config = verificationConfig(ctx, input.brandId, input.country);
    const required = config.requiredBefore;
    const relevant =
      input.kind === 'withdrawal'
        ? required.withdrawal
        : required.deposit ||
          required.deadlineDays !== undefined ||
          (input.kind === 'deposit' && required.depositThreshold[input.currency] !== undefined);
    if (!relevant) return undefined;
    const status = await statusOf(ctx.db, input.accountId);
    if (status === 'verified') return undefined;
    const todo = WHAT_TO_DO[status];
    if (input.kind === 'withdrawal') {
      return verificationRequired(
        { rule: 'withdrawal', status },
        `Withdrawals need a verified identity (verification.requiredBefore.withdrawal). ${todo}`,
      );
    }
    if (required.deposit) {
      return verificationRequired(
        { rule: 'deposit', status },
        `Deposits and bets need a verified identity first (verification.requiredBefore.deposit). ${todo}`,
      );
    }
    const now = ctx.clock();
    const rules = await rulesFor(ctx.db, config, { userId: input.accountId, currency: input.currency }, status, now);
    const deadline = rules.find((r) => r.rule === 'deadline');
    if (deadline?.active && deadline.deadline) {
      return verificationRequired(
        { rule: 'deadline', status, deadline: deadline.deadline },
        `Identity verification was due by ${deadline.deadline.slice(0, 10)}: deposits and bets wait for it. ${todo}`,
      );
    }
    const threshold = required.depositThreshold[input.currency];
    if (input.kind === 'deposit' && threshold !== undefined) {
      const deposited = await depositedMinor(ctx.db, input.accountId, input.currency);
      if (deposited + Number(input.amountMinor) > toMinorUnits(threshold)) {
        return verificationRequired(
          {
            rule: 'deposit_threshold',
            status,
            threshold,
            deposited: fromMinorUnits(deposited),
            currency: input.currency,
          },
          `Deposits above ${threshold} ${input.currency} in all need a verified identity; ` +
            `${fromMinorUnits(deposited)} ${input.currency} deposited so far. ${todo}`,
        );
      }
    }
    return undefined;
  };
}

/**
 * The same rules for bet placement's stake gates (`stakeGates` of `@tessera/server/bets`, whose input carries no
 * country): the account's country is read, then {@link verificationGate} answers for a stake.
 */
export function verificationStakeGate(
  ctx: VerificationContext,
): (input: {
  accountId: string;
  brandId: string;
  currency: string;
  stakeMinor: number;
}) => Promise<ApiError | undefined> {
  const gate = verificationGate(ctx);
  return async (input) => {
    const { rows } = await ctx.db.query<{ country: string }>('select country from accounts_users where id = $1', [
      input.accountId,
    ]);
    const country = rows[0]?.country;
    if (country === undefined) return undefined;
    return gate({ ...input, country, amountMinor: input.stakeMinor, kind: 'stake' });
  };
}
