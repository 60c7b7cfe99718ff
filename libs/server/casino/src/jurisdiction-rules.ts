import { ApiError } from '@tessera/server/api-errors';
import { CASINO_GAMES, type CasinoGame } from '@tessera/server/casino-games';
import type { Queryable } from '@tessera/server/db';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import type { CasinoPlayer } from './round-ledger';

/**
 * The slot rules of a brand in the player's country (`modules.casino.slots`, held to the floors of jurisdiction rules
 * UKGC-SLOT-1 and DEGGL-SLOT-1/2): the round reads settings, never a jurisdiction id.
 */
export interface SlotRules {
  /** Shortest time from the start of one slot spin of the player to the start of the next, seconds (0: none). */
  minSpinSeconds: number;
  /** Largest stake of one slot spin per currency, major units; a currency not listed has no maximum. */
  maxStake: Readonly<Record<string, number>>;
}

/** Where the round finds the slot rules of a player's brand and country; undefined: no rules (no minimum, no maximum). */
export type SlotRulesFor = (player: CasinoPlayer) => SlotRules | undefined | Promise<SlotRules | undefined>;

/** The slot rules of a resolved site configuration (its `modules.casino.slots` section). */
export function slotRulesOf(config: {
  modules: { casino: { slots: { minSpinSeconds: number; maxStake: Readonly<Record<string, number>> } } };
}): SlotRules {
  const { minSpinSeconds, maxStake } = config.modules.casino.slots;
  return { minSpinSeconds, maxStake };
}

/** Refusals of the slot rules (casino README, "Refusals"); never renumber one. */
export const SLOT_RULE_REFUSALS = {
  slot_spin_too_soon: { errorCode: 1850, status: 429, message: 'The next spin cannot start yet' },
  slot_stake_above_maximum: { errorCode: 1851, status: 422, message: 'The stake is above the largest slot stake' },
} as const;

/** A refusal code of the slot rules. */
export type SlotRuleRefusalCode = keyof typeof SLOT_RULE_REFUSALS;

function slotRefusal(code: SlotRuleRefusalCode, sentence: string, headers?: Record<string, string>): ApiError {
  const { errorCode, status, message } = SLOT_RULE_REFUSALS[code];
  return new ApiError(status, message, { detail: `${code}: ${sentence}`, error_code: errorCode }, headers);
}

const SLOT_IDS: readonly string[] = [...CASINO_GAMES.values()]
  .filter((g) => g.info.kind === 'slot')
  .map((g) => g.info.id);

/**
 * When the player's latest slot round started, if any: an in-house spin (index casino_rounds_user_created) or an
 * external provider's round (all slots; casino_external_rounds_user_created, ADR 0345), so alternating between them
 * cannot shorten the time between spins.
 */
export async function latestSpinAt(q: Queryable, userId: string): Promise<Date | undefined> {
  const games = SLOT_IDS.map((_, i) => `$${i + 2}`).join(', ');
  const inHouse =
    SLOT_IDS.length === 0
      ? ''
      : `(select created_at from casino_rounds where user_id = $1 and game_id in (${games})
          order by created_at desc limit 1) union all `;
  const { rows } = await q.query<{ created_at: string | Date | null }>(
    `select max(created_at) as created_at from (${inHouse}
       (select created_at from casino_external_rounds where user_id = $1 order by created_at desc limit 1)) spins`,
    [userId, ...SLOT_IDS],
  );
  const at = rows[0]?.created_at;
  return at === undefined || at === null ? undefined : new Date(at);
}

/**
 * Refuses a slot spin that breaks the player's slot rules: a stake above the largest for the currency
 * (slot_stake_above_maximum), or a start sooner than minSpinSeconds after the start of the player's previous slot spin
 * (slot_spin_too_soon, with Retry-After). Other games pass. Called inside the round's transaction after the player's
 * seed row is locked, so two spins sent at once are ordered and the second sees the first.
 */
export async function enforceSlotRules(
  tx: Queryable,
  rulesFor: SlotRulesFor | undefined,
  spin: { player: CasinoPlayer; game: CasinoGame; stakeMinor: number; at: Date },
): Promise<void> {
  if (!rulesFor || spin.game.info.kind !== 'slot') return;
  const rules = await rulesFor(spin.player);
  if (!rules) return;
  const max = rules.maxStake[spin.player.currency];
  if (max !== undefined && spin.stakeMinor > toMinorUnits(max))
    throw slotRefusal(
      'slot_stake_above_maximum',
      `a slot spin here stakes at most ${max.toFixed(2)} ${spin.player.currency}; this one stakes ${fromMinorUnits(spin.stakeMinor).toFixed(2)}`,
    );
  if (rules.minSpinSeconds <= 0) return;
  const previous = await latestSpinAt(tx, spin.player.userId);
  if (!previous) return;
  const waitMs = previous.getTime() + rules.minSpinSeconds * 1000 - spin.at.getTime();
  if (waitMs > 0)
    throw slotRefusal(
      'slot_spin_too_soon',
      `a slot spin here lasts at least ${rules.minSpinSeconds} seconds; the next can start in ${(waitMs / 1000).toFixed(1)} seconds`,
      { 'retry-after': String(Math.ceil(waitMs / 1000)) },
    );
}
