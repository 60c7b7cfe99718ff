import type { ApiError } from '@tessera/server/api-errors';
import type { Database, Queryable } from '@tessera/server/db';
import type { ResponsibleSection } from '@tessera/shared/util-config';
import type { ResponsibleSettings } from './player-protection.service';
import { responsibleRefusal } from './refusals';

/** A player's play reported to the activity file. */
export interface ActivityReport {
  /** The player across operators (the e-mail address, else the operator's own account). */
  playerKey: string;
  /** This operator (the brand). */
  operator: string;
}

/** The file's answer: play here is registered, or the player is active with another operator until `until`. */
export type ActivityAnswer = { active: 'here' } | { active: 'elsewhere'; until: string };

/**
 * A cross-operator activity file (Germany's Aktivitätsdatei, GlüStV § 6h): a player is active with one operator at a
 * time. `touch` registers or prolongs play here, unless the player is active elsewhere; `end` ends it.
 */
export interface ActivityFile {
  /** Throws {@link ActivityFileUnavailableError} when the file cannot answer. */
  touch(report: ActivityReport): Promise<ActivityAnswer>;
  end(report: ActivityReport): Promise<void>;
}

/** The activity file failed or did not answer. */
export class ActivityFileUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActivityFileUnavailableError';
  }
}

/** Players whose key starts with this find the sandbox file unavailable (README, "Sandbox activity file"). */
export const SANDBOX_ACTIVITY_FILE_DOWN = 'activity-down';

/**
 * The development file: one row per player in its own table (migration 0651), so every server on the database sees
 * the same activity; play lapses `idleMinutes` (default 5) after the last stake, standing in for the end of a session
 * the operator reports. A player key starting with "activity-down" finds it unavailable.
 */
export class SandboxActivityFile implements ActivityFile {
  private readonly idleMs: number;

  constructor(private readonly options: { db: Database; clock: () => Date; idleMinutes?: number }) {
    this.idleMs = (options.idleMinutes ?? 5) * 60_000;
  }

  async touch(report: ActivityReport): Promise<ActivityAnswer> {
    if (report.playerKey.toLowerCase().startsWith(SANDBOX_ACTIVITY_FILE_DOWN))
      throw new ActivityFileUnavailableError('sandbox activity file: unavailable');
    const now = this.options.clock();
    return this.options.db.transaction(async (tx) => {
      // One answer at a time per player, so two operators cannot both register the same player.
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`activity:${report.playerKey}`]);
      const { rows } = await tx.query<{ operator: string; last_seen: string | Date }>(
        `select operator, last_seen from responsible_sandbox_activity where player_key = $1`,
        [report.playerKey],
      );
      const row = rows[0];
      if (row && row.operator !== report.operator) {
        const until = new Date(new Date(row.last_seen).getTime() + this.idleMs);
        if (until.getTime() > now.getTime()) return { active: 'elsewhere', until: until.toISOString() };
      }
      await tx.query(
        `insert into responsible_sandbox_activity (player_key, operator, last_seen) values ($1, $2, $3)
         on conflict (player_key) do update set operator = excluded.operator, last_seen = excluded.last_seen`,
        [report.playerKey, report.operator, now],
      );
      return { active: 'here' };
    });
  }

  async end(report: ActivityReport): Promise<void> {
    await this.options.db.query(`delete from responsible_sandbox_activity where player_key = $1 and operator = $2`, [
      report.playerKey,
      report.operator,
    ]);
  }
}

/** What the activity gate needs. */
export interface ActivityGateOptions {
  db: Queryable;
  settingsFor: (brandId: string, country: string) => ResponsibleSettings;
  /** The file; undefined on a server without one (a production server: every stake of a site that asks is refused). */
  file: ActivityFile | undefined;
  /** How long the file may take to answer before it counts as unavailable; default 2000 ms. */
  timeoutMs?: number;
  /** The server's clock (player protection's); default the wall clock. */
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}

interface AccountKey {
  brandId: string;
  country: string;
  playerKey: string;
  at: number;
}

const KEY_TTL_MS = 60_000;
/**
 * After the file said "here", stakes of the next minute do not ask it again: the registration lasts longer than that
 * (the sandbox's 5 idle minutes), and the file refuses any other operator meanwhile. Keeps a bet's cost one lookup.
 */
const REGISTERED_TTL_MS = 60_000;
const KEY_CACHE_SIZE = 10_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ActivityFileUnavailableError(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The stake gate of the activity file (bets and casino rounds): where `activityFile.enabled` for the account's brand
 * and country, every stake registers play here; a player active with another operator is refused (parallel_play,
 * 1621, with when the other activity lapses), and when the file cannot answer the stake is refused
 * (activity_file_unavailable, 1622) or let through as `failClosed` says. Other sites pass with one cached lookup.
 */
export function activityFileGate(
  options: ActivityGateOptions,
): (input: { accountId: string; brandId: string }) => Promise<ApiError | undefined> {
  const keys = new Map<string, AccountKey>();
  const registered = new Map<string, number>();
  const now = () => (options.clock ?? (() => new Date()))().getTime();
  const keyOf = async (accountId: string): Promise<AccountKey | undefined> => {
    const cached = keys.get(accountId);
    if (cached && Date.now() - cached.at < KEY_TTL_MS) return cached;
    const { rows } = await options.db.query<{ brand_id: string; country: string; email: string | null }>(
      `select brand_id, country, email from accounts_users where id = $1::bigint`,
      [accountId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const key = {
      brandId: row.brand_id,
      country: row.country,
      playerKey: row.email?.toLowerCase() || `${row.brand_id}:${accountId}`,
      at: Date.now(),
    };
    if (keys.size >= KEY_CACHE_SIZE) keys.clear();
    keys.set(accountId, key);
    return key;
  };
  return async (input) => {
    const account = await keyOf(input.accountId);
    if (!account) return undefined;
    const responsible: ResponsibleSection = options.settingsFor(account.brandId, account.country);
    const settings = responsible.activityFile;
    if (!settings?.enabled) return undefined;
    if ((registered.get(input.accountId) ?? 0) > now()) return undefined;
    try {
      if (!options.file) throw new ActivityFileUnavailableError('no activity file on this server');
      const answer = await withTimeout(
        options.file.touch({ playerKey: account.playerKey, operator: account.brandId }),
        options.timeoutMs ?? 2000,
      );
      if (answer.active === 'here') {
        if (registered.size >= KEY_CACHE_SIZE) registered.clear();
        registered.set(input.accountId, now() + REGISTERED_TTL_MS);
        return undefined;
      }
      return responsibleRefusal(
        'parallel_play',
        `the player is active with another operator until ${answer.until}; play here can start after that`,
        { reason: 'activity_file', resetsAt: answer.until },
      );
    } catch (error) {
      if (!(error instanceof ActivityFileUnavailableError)) throw error;
      options.log?.warn({ accountId: input.accountId, reason: error.message }, 'activity file unavailable');
      if (!settings.failClosed) return undefined;
      return responsibleRefusal('activity_file_unavailable', `the activity file cannot answer: ${error.message}`, {
        reason: 'activity_file',
      });
    }
  };
}
