import { randomUUID } from 'node:crypto';
import type { ApiError } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { periodEnd, periodStart } from './periods';
import type { ResponsibleSection } from '@tessera/shared/util-config';
import type { ResponsibleSettings } from './player-protection.service';
import { responsibleRefusal } from './refusals';
import { depositUsage } from './responsible.repository';

/**
 * Monthly deposit thresholds by age until an affordability check (`responsible.affordabilityCheck`, held to the floor
 * of jurisdiction rule NLKSA-NL-1): a deposit that would take the calendar month's deposits past the player's
 * threshold is refused until compliance records that the player can afford more. Reads settings, never a
 * jurisdiction id. Table: migration 0650.
 */
export interface AffordabilityOptions {
  db: Queryable;
  clock: () => Date;
  settingsFor: (brandId: string, country: string) => ResponsibleSettings;
  /** The IANA zone whose midnights start the month (global.timezone); default UTC. */
  timeZoneFor?: (brandId: string, country: string) => string;
}

/** A deposit the gate is asked about (the cashier's gate input). Amounts are integer minor units. */
export interface AffordabilityGateInput {
  accountId: string;
  brandId: string;
  country: string;
  currency: string;
  amountMinor: number;
  kind: 'deposit' | 'withdrawal' | 'transfer';
}

/** A recorded check: from `checkedAt` the player may deposit up to `monthlyAmount` a month in `currency`. */
export interface AffordabilityCheck {
  id: string;
  accountId: string;
  currency: string;
  /** Major units. */
  monthlyAmount: number;
  reason: string;
  operator: string;
  checkedAt: string;
}

/** Whole years between a date of birth (YYYY-MM-DD) and `at`, by the calendar in UTC. */
export function ageAt(birthDate: string, at: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const years = at.getUTCFullYear() - y;
  const before = at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d);
  return before ? years - 1 : years;
}

async function birthDateOf(db: Queryable, accountId: string): Promise<string | null> {
  const { rows } = await db.query<{ birth_date: string | null }>(
    `select to_char(birth_date, 'YYYY-MM-DD') as birth_date from accounts_users where id = $1::bigint`,
    [accountId],
  );
  return rows[0]?.birth_date ?? null;
}

/** The latest check recorded for the account in the currency, in minor units. */
async function checkedAmount(db: Queryable, accountId: string, currency: string): Promise<number | undefined> {
  const { rows } = await db.query<{ monthly_amount: string | number }>(
    `select monthly_amount from responsible_affordability_checks
      where user_id = $1 and currency = $2 order by checked_at desc, id desc limit 1`,
    [accountId, currency],
  );
  return rows[0] ? Number(rows[0].monthly_amount) : undefined;
}

/**
 * The cashier gate of the thresholds: for a deposit where `affordabilityCheck.enabled`, the threshold of the player's
 * age band (younger than `youngAdultUnderAge`, or of unknown age: young adult; by the verified date of birth once
 * verification replaced the declared one) in the deposit's currency, raised to the latest recorded check; refused
 * with affordability_check_required (1620) when the month's credited deposits and this one would pass it.
 * Withdrawals and transfers pass.
 */
export function affordabilityGate(
  options: AffordabilityOptions,
): (input: AffordabilityGateInput) => Promise<ApiError | undefined> {
  return async (input) => {
    if (input.kind !== 'deposit') return undefined;
    const responsible: ResponsibleSection = options.settingsFor(input.brandId, input.country);
    const settings = responsible.affordabilityCheck;
    if (!settings?.enabled) return undefined;
    const now = options.clock();
    const birth = await birthDateOf(options.db, input.accountId);
    const young = birth === null || ageAt(birth, now) < settings.youngAdultUnderAge;
    const band = young ? settings.youngAdultMonthly : settings.adultMonthly;
    const threshold = band[input.currency];
    if (threshold === undefined) return undefined;
    const checked = await checkedAmount(options.db, input.accountId, input.currency);
    const limit = Math.max(toMinorUnits(threshold), checked ?? 0);
    const zone = options.timeZoneFor?.(input.brandId, input.country) ?? 'UTC';
    const starts = {
      day: periodStart('day', now, zone),
      week: periodStart('week', now, zone),
      month: periodStart('month', now, zone),
    };
    const used = (await depositUsage(options.db, input.accountId, input.currency, starts)).month;
    if (used + input.amountMinor <= limit) return undefined;
    const left = Math.max(0, limit - used);
    return responsibleRefusal(
      'affordability_check_required',
      `deposits past ${fromMinorUnits(limit).toFixed(2)} ${input.currency} this month wait for an affordability check; ${fromMinorUnits(left).toFixed(2)} is left`,
      {
        reason: 'affordability',
        period: 'month',
        limit: fromMinorUnits(limit),
        remaining: fromMinorUnits(left),
        currency: input.currency,
        resetsAt: periodEnd('month', now, zone).toISOString(),
      },
    );
  };
}

/**
 * Records compliance's affordability check (`npx tessera affordability record`): from now the player may deposit up
 * to `monthlyAmount` (major units) a month in `currency`, when that is above their age band's threshold. Every check
 * is kept, with who and why; the latest counts.
 */
export async function recordAffordabilityCheck(
  db: Queryable,
  check: { accountId: string; currency: string; monthlyAmount: number; reason: string; operator: string; at: Date },
): Promise<AffordabilityCheck> {
  if (!(check.monthlyAmount > 0)) throw new Error('the monthly amount must be above 0');
  if (check.reason.trim() === '') throw new Error('a check needs a reason');
  const { rows } = await db.query<{ brand_id: string; currency: string }>(
    `select brand_id, currency from accounts_users where id = $1::bigint`,
    [check.accountId],
  );
  const account = rows[0];
  if (!account) throw new Error(`no account ${check.accountId}`);
  const id = randomUUID();
  await db.query(
    `insert into responsible_affordability_checks
       (id, user_id, brand_id, currency, monthly_amount, reason, operator, checked_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      check.accountId,
      account.brand_id,
      check.currency,
      toMinorUnits(check.monthlyAmount),
      check.reason,
      check.operator,
      check.at,
    ],
  );
  return {
    id,
    accountId: check.accountId,
    currency: check.currency,
    monthlyAmount: check.monthlyAmount,
    reason: check.reason,
    operator: check.operator,
    checkedAt: check.at.toISOString(),
  };
}
