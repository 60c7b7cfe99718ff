import { ApiError } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';

/** A limit a stake must stay within (player protection's wager and loss limits; ADR 0295). Minor units. */
export interface CasinoStakeCeiling {
  kind: 'wager' | 'loss';
  period: 'day' | 'week' | 'month';
  limit: number;
}

/**
 * What a gate that counts stakes answers when it lets one through: the calendar periods the stake counts in and the
 * limits it must stay within, checked in the round's transaction (the shape of bet placement's `StakeCeilings`).
 */
export interface CasinoStakeCeilings {
  periods: { day: Date; week: Date; month: Date };
  ceilings: readonly CasinoStakeCeiling[];
  /** The refusal when the stake would pass `ceiling`, `used` having been used before it. */
  refuse(ceiling: CasinoStakeCeiling, used: number): ApiError;
}

/** A gate's answer: a refusal, ceilings to check when the stake is taken, or nothing to say. */
export type CasinoGateAnswer = ApiError | CasinoStakeCeilings | undefined;

/** The gates' answers together: the first refusal, else every ceiling (with its own gate's refusal). */
export function combineGateAnswers(answers: readonly CasinoGateAnswer[]): CasinoGateAnswer {
  let counted: CasinoStakeCeilings | undefined;
  for (const answer of answers) {
    if (answer instanceof ApiError) return answer;
    if (!answer) continue;
    if (!counted) counted = answer;
    else {
      const first = counted;
      const own = new Set(answer.ceilings);
      counted = {
        periods: first.periods,
        ceilings: [...first.ceilings, ...answer.ceilings],
        refuse: (ceiling, used) => (own.has(ceiling) ? answer : first).refuse(ceiling, used),
      };
    }
  }
  return counted;
}

/**
 * Checks a stake against the ceilings under the player's usage row lock (stake_usage_check, migration 0620), in the
 * round's transaction and before any balance row is locked (the platform's lock order, ADR 0295): throws the gate's
 * refusal when a ceiling would be passed. The round row written afterwards adds the stake to the usage (migration 1050).
 */
export async function checkStakeUsage(
  tx: Queryable,
  userId: string,
  counted: CasinoStakeCeilings,
  stake: number,
): Promise<void> {
  const { periods, ceilings } = counted;
  const { rows } = await tx.query<{ refused: number | null; used: string | null }>(
    `select refused, used from stake_usage_check($1, $2::timestamptz[], $3, $4::text[], $5::text[], $6::bigint[])`,
    [
      userId,
      [periods.day, periods.week, periods.month],
      stake,
      ceilings.map((c) => c.kind),
      ceilings.map((c) => c.period),
      ceilings.map((c) => c.limit),
    ],
  );
  const refused = rows[0]?.refused;
  if (refused === null || refused === undefined) return;
  const ceiling = ceilings[refused - 1];
  if (!ceiling) throw new Error(`stake_usage_check refused ceiling ${refused}, which no gate gave`);
  throw counted.refuse(ceiling, Number(rows[0]?.used ?? 0));
}
