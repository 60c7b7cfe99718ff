import type { CardFunding } from './payment-provider';

/** What a sandbox test card makes the provider do. */
export type SandboxScenario = 'succeed' | 'decline' | 'insufficient_funds' | 'challenge' | 'timeout';

/**
 * The sandbox's test cards (any future expiry, any 3-digit CVC), each with the funding its BIN range stands for here
 * (the sandbox's own table, not a real issuer's: 4242… is a debit card in this sandbox). Other numbers are refused: a
 * sandbox that accepts everything would hide the decline paths.
 */
export const SANDBOX_TEST_CARDS: Readonly<
  Record<string, { scenario: SandboxScenario; funding: CardFunding; description: string }>
> = Object.freeze({
  '4242424242424242': { scenario: 'succeed', funding: 'debit', description: 'approved after the processing delay' },
  '5555555555554444': {
    scenario: 'succeed',
    funding: 'credit',
    description: 'a credit card, approved after the processing delay where credit cards are accepted',
  },
  '5105105105105100': {
    scenario: 'succeed',
    funding: 'prepaid',
    description: 'a prepaid card, approved after the processing delay',
  },
  '4000000000000002': { scenario: 'decline', funding: 'debit', description: 'declined by the issuer (card_declined)' },
  '4000000000009995': {
    scenario: 'insufficient_funds',
    funding: 'debit',
    description: 'declined for insufficient funds',
  },
  '4000000000003220': {
    scenario: 'challenge',
    funding: 'debit',
    description: '3-D Secure challenge: code 1234 approves, anything else fails',
  },
  '4000000000000119': {
    scenario: 'timeout',
    funding: 'debit',
    description: 'never answers; expires after the timeout',
  },
});

/** The challenge code that passes the sandbox's 3-D Secure step. */
export const SANDBOX_CHALLENGE_CODE = '1234';

/** Luhn checksum, as every card number carries. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the sandbox does with a payout. */
export type SandboxPayoutScenario = 'pay' | 'decline' | 'fail' | 'timeout';

/**
 * Payouts to a card the player names: the test cards decide (others are refused). 4242… pays, …0002 is declined by
 * the issuer, …9995 fails after acceptance (the account is closed), …0119 never answers and expires.
 */
export const SANDBOX_PAYOUT_CARDS: Readonly<Record<string, SandboxPayoutScenario>> = Object.freeze({
  '4242424242424242': 'pay',
  '4000000000003220': 'pay',
  '4000000000000002': 'decline',
  '4000000000009995': 'fail',
  '4000000000000119': 'timeout',
});

/**
 * Payouts that would otherwise pay (back to a deposit's card, or to 4242…) end by the cents of their amount, so every
 * path can be reached from the closed loop too: .91 declined (payout_declined), .92 failed after acceptance
 * (beneficiary_account_closed), .93 never answered (expires: provider_timeout).
 */
export const SANDBOX_PAYOUT_AMOUNTS: Readonly<Record<number, SandboxPayoutScenario>> = Object.freeze({
  91: 'decline',
  92: 'fail',
  93: 'timeout',
});
