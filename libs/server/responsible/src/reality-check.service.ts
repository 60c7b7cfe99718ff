import type { Database } from '@tessera/server/db';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { usageSince } from './responsible.repository';

/** The session as the reality check and the header show it. Money in major units of the account's currency. */
export interface PlaySession {
  startedAt: string;
  acknowledgedAt: string;
  /** When the next reality check is due (null: reality checks off). */
  nextCheckAt: string | null;
  /** Minutes played since the session started. */
  minutesPlayed: number;
  wagered: number;
  /** Returns minus stakes of the session's bets (open bets count as staked): negative is a loss. */
  netPosition: number;
}

/**
 * The session clock of reality checks: the start and the last acknowledgement live on the server (keyed by the
 * sign-in session), so every tab and a reload see the same clock.
 */
export class RealityChecks {
  constructor(private readonly options: { db: Database; clock: () => Date }) {}

  /** The stored clock of a session; before its first answer, the sign-in itself (a read never writes). */
  private async row(session: {
    id: string;
    userId: string;
    createdAt: Date;
  }): Promise<{ startedAt: Date; acknowledgedAt: Date }> {
    const res = await this.options.db.query<{ started_at: unknown; acknowledged_at: unknown }>(
      `select started_at, acknowledged_at from responsible_sessions where session_id = $1`,
      [session.id],
    );
    const r = res.rows[0];
    if (!r) return { startedAt: session.createdAt, acknowledgedAt: session.createdAt };
    return { startedAt: new Date(r.started_at as string), acknowledgedAt: new Date(r.acknowledged_at as string) };
  }

  /** The session's clock and figures now. */
  async state(
    session: { id: string; userId: string; createdAt: Date },
    realityCheck: { enabled: boolean; intervalMinutes: number },
  ): Promise<PlaySession> {
    const now = this.options.clock();
    const { startedAt, acknowledgedAt } = await this.row(session);
    const usage = await usageSince(this.options.db, session.userId, startedAt);
    return {
      startedAt: startedAt.toISOString(),
      acknowledgedAt: acknowledgedAt.toISOString(),
      nextCheckAt: realityCheck.enabled
        ? new Date(acknowledgedAt.getTime() + realityCheck.intervalMinutes * 60_000).toISOString()
        : null,
      minutesPlayed: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 60_000)),
      wagered: fromMinorUnits(usage.wager),
      netPosition: fromMinorUnits(-usage.loss),
    };
  }

  /** The player chose "continue": the next check is an interval from now. */
  async acknowledge(
    session: { id: string; userId: string; createdAt: Date },
    realityCheck: { enabled: boolean; intervalMinutes: number },
  ): Promise<PlaySession> {
    await this.options.db.query(
      `insert into responsible_sessions (session_id, user_id, started_at, acknowledged_at) values ($1, $2, $3, $4)
       on conflict (session_id) do update set acknowledged_at = excluded.acknowledged_at`,
      [session.id, session.userId, session.createdAt, this.options.clock()],
    );
    return this.state(session, realityCheck);
  }
}
