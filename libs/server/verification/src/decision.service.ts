import { latestBirthDate, validateDate } from '@tessera/account/util-validation';
import { applyVerifiedIdentity, recordEvent } from '@tessera/server/accounts';
import { ApiError } from '@tessera/server/api-errors';
import { resolvedFor, type VerificationContext } from './verification-context';
import { lockAccount, type SubmissionRow } from './verification.repository';

/** A decision compliance makes on a waiting submission. */
export interface DecisionInput {
  accountId: string;
  decision: 'verified' | 'rejected';
  /** Why: kept with the decision and shown to the player. */
  reason: string;
  /** Who decided (an operator's name; the CLI's default is the OS user). */
  operator: string;
  /** verified: the country the documents show; default the one the player submitted. */
  country?: string;
  /** verified: the date of birth the documents show (YYYY-MM-DD); default the one the player submitted. */
  birthDate?: string;
}

/** What a decision did. */
export interface DecisionResult {
  decisionId: string;
  submissionId: string;
  decision: 'verified' | 'rejected';
  /** verified: the values that replaced the declared ones, and those declared ones. */
  verified?: { country: string; birthDate: string };
  declared?: { country: string; birthDate: string | null };
}

const fail = (status: number, message: string, detail?: string) =>
  new ApiError(status, message, detail ? { detail } : {});

/**
 * Decides the account's waiting submission, in one transaction: the submission's status, the decision (who, when,
 * why) kept in the history, and on `verified` the verified country and date of birth replacing the declared ones
 * in the account (kept beside in verification_identities). Refused, with nothing written, when no submission waits,
 * when the reason is empty, when the brand does not serve the verified country, or when the verified date of birth
 * is under that country's minimum age (registration.minAge): such a player is rejected instead.
 */
export async function decideVerification(ctx: VerificationContext, input: DecisionInput): Promise<DecisionResult> {
  const reason = input.reason.trim();
  if (!reason) throw fail(422, 'A reason is required', 'Say why, in a sentence the player will read');
  if (!/^\d{1,18}$/.test(input.accountId))
    throw fail(404, 'No such account', `"${input.accountId}" is not an account id`);
  const operator = input.operator.trim();
  if (!operator) throw fail(422, 'The operator is required');
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, input.accountId);
    if (!account) throw fail(404, 'No such account', `No account has the id ${input.accountId}`);
    const { rows } = await tx.query<SubmissionRow>(
      `select id, status, country, to_char(birth_date, 'YYYY-MM-DD') as birth_date
       from verification_submissions where user_id = $1 and status = 'submitted'`,
      [account.id],
    );
    const waiting = rows[0];
    if (!waiting) {
      throw fail(
        409,
        'No submission waits for a decision',
        `Account ${account.id} has not sent documents since its last decision`,
      );
    }
    let verified: { country: string; birthDate: string } | undefined;
    if (input.decision === 'verified') {
      verified = {
        country: (input.country ?? waiting.country).toLowerCase(),
        birthDate: input.birthDate ?? waiting.birth_date,
      };
      const brand = ctx.registry.get(account.brand_id);
      if (!brand?.countries.includes(verified.country)) {
        throw fail(
          422,
          `Brand ${account.brand_id} does not serve ${verified.country.toUpperCase()}`,
          'A player of a country the brand does not serve cannot be verified: reject the submission instead',
        );
      }
      const minAge = resolvedFor(ctx, account.brand_id, verified.country).registration.minAge;
      const birth = validateDate(verified.birthDate, { required: true, max: { date: latestBirthDate(now, minAge) } });
      if (!birth.valid || !/^\d{4}-\d{2}-\d{2}$/.test(verified.birthDate)) {
        const underAge = !birth.valid && birth.key === 'validation_date_max';
        throw fail(
          422,
          underAge
            ? `Born ${verified.birthDate}: under the minimum age of ${minAge} in ${verified.country.toUpperCase()}`
            : `Not a date of birth: ${verified.birthDate}`,
          underAge ? 'An under-age player cannot be verified: reject instead' : 'Use YYYY-MM-DD',
        );
      }
    }
    await tx.query(`update verification_submissions set status = $2, decided_at = $3 where id = $1`, [
      waiting.id,
      input.decision,
      now,
    ]);
    const inserted = await tx.query<{ id: string }>(
      `insert into verification_decisions
         (submission_id, user_id, brand_id, decision, reason, operator, verified_country, verified_birth_date, decided_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::text`,
      [
        waiting.id,
        account.id,
        account.brand_id,
        input.decision,
        reason,
        operator,
        verified?.country ?? null,
        verified?.birthDate ?? null,
        now,
      ],
    );
    const decisionId = inserted.rows[0]?.id ?? '';
    const declared = { country: account.country, birthDate: account.birth_date };
    if (verified) {
      await tx.query(
        `insert into verification_identities
           (user_id, brand_id, declared_country, declared_birth_date, verified_country, verified_birth_date, decision_id, verified_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (user_id) do update set verified_country = excluded.verified_country,
           verified_birth_date = excluded.verified_birth_date, decision_id = excluded.decision_id,
           verified_at = excluded.verified_at`,
        [
          account.id,
          account.brand_id,
          declared.country,
          declared.birthDate,
          verified.country,
          verified.birthDate,
          decisionId,
          now,
        ],
      );
      await applyVerifiedIdentity(tx, account.id, { ...verified, by: operator }, now);
    }
    await recordEvent(
      tx,
      {
        brandId: account.brand_id,
        userId: account.id,
        kind: `verification_${input.decision}`,
        ip: null,
        userAgent: null,
        detail: { submission: waiting.id, decision: decisionId, operator },
      },
      now,
    );
    return {
      decisionId,
      submissionId: waiting.id,
      decision: input.decision,
      ...(verified ? { verified, declared } : {}),
    };
  });
}
