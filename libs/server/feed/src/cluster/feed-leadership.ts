import pg from 'pg';

/** Options of {@link FeedLeadership}. */
export interface FeedLeadershipOptions {
  /** The database's connection string (with the schema's search_path in tests). */
  databaseUrl: string;
  /** The advisory lock's key: one per feed (tests give each their own). */
  lockKey: bigint;
  /** How often a follower tries the lock and the leader checks its connection (ms); default 500. */
  intervalMs?: number;
  /** A health check slower than this counts as a lost connection (ms); default 2,000. */
  checkTimeoutMs?: number;
  onAcquire: () => Promise<void>;
  /** Called when the lead is lost (the connection failed): the caller stops leading at once. */
  onLose: (reason: string) => Promise<void>;
  onError?: (err: unknown) => void;
}

/**
 * Exactly one server leads the feed: the one holding a session-level PostgreSQL advisory lock on a connection of its
 * own. A server that dies loses its connection and PostgreSQL releases the lock; a follower trying every
 * `intervalMs` takes it. The leader checks its connection as often (`select 1` within `checkTimeoutMs`, TCP
 * keep-alive underneath) and steps down when the check fails, since it can no longer be sure it holds the lock.
 */
export class FeedLeadership {
  private client: pg.Client | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private leading = false;
  private stopped = false;
  private busy = false;
  private readonly intervalMs: number;
  private readonly checkTimeoutMs: number;

  constructor(private readonly options: FeedLeadershipOptions) {
    this.intervalMs = options.intervalMs ?? 500;
    this.checkTimeoutMs = options.checkTimeoutMs ?? 2_000;
  }

  /** Whether this server leads now. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** Starts trying for the lead (at once, then every interval). */
  start(): void {
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.busy) return;
    this.busy = true;
    try {
      if (this.leading) await this.check();
      else await this.tryAcquire();
    } catch (err) {
      this.options.onError?.(err);
    } finally {
      this.busy = false;
      this.schedule(this.intervalMs);
    }
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('leadership check timed out')), this.checkTimeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
      connectionTimeoutMillis: this.checkTimeoutMs,
    });
    client.on('error', () => void this.drop('connection error'));
    await this.withTimeout(client.connect());
    this.client = client;
    return client;
  }

  private async tryAcquire(): Promise<void> {
    const client = await this.connection();
    const { rows } = await this.withTimeout(
      client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
        this.options.lockKey.toString(),
      ]),
    );
    if (!rows[0]?.locked) return;
    this.leading = true;
    try {
      await this.options.onAcquire();
    } catch (err) {
      this.options.onError?.(err);
      await this.drop('taking the lead failed');
    }
  }

  private async check(): Promise<void> {
    try {
      const client = await this.connection();
      await this.withTimeout(client.query('select 1'));
    } catch {
      await this.drop('leader connection check failed');
    }
  }

  /** Closes the lock's connection (releasing the lock) and, when leading, steps down. */
  private async drop(reason: string): Promise<void> {
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => undefined);
    if (!this.leading) return;
    this.leading = false;
    await this.options.onLose(reason).catch((err: unknown) => this.options.onError?.(err));
  }

  /** Lets the lock go without telling `onLose` (the caller knows: it was fenced off); tries again later. */
  release(): void {
    const client = this.client;
    this.client = undefined;
    this.leading = false;
    client?.end().catch(() => undefined);
  }

  /** Gives the lead up (if held) and stops trying. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    const wasLeading = this.leading;
    this.leading = false;
    if (wasLeading) await this.options.onLose('stopping').catch(() => undefined);
    if (client) {
      await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
