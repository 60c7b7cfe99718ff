import type { Queryable } from '@tessera/server/db';

/** The shared feed's row of `feed_cluster` (migration 0110): what PostgreSQL keeps of the stream. */
export interface ClusterMark {
  /** Names the numbering in resume tokens; made once per database. */
  streamId: string;
  epoch: number;
  /** The stream position the stored feed reaches. */
  seq: number;
  /** The provider sequence number the stored feed reaches. */
  providerSeq: number;
  /** The instant the cluster's simulators start from (epoch ms), once agreed. */
  simStart: number | undefined;
}

interface Row {
  stream_id: string;
  epoch: string;
  seq: string;
  provider_seq: string;
  sim_start: string | null;
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10) + Math.random().toString(36).slice(2, 6);
}

/** Reads the stream's row, creating it on first use. */
export async function readClusterMark(db: Queryable, stream: string): Promise<ClusterMark> {
  await db.query('insert into feed_cluster (stream, stream_id) values ($1, $2) on conflict (stream) do nothing', [
    stream,
    randomId(),
  ]);
  const { rows } = await db.query<Row>(
    'select stream_id, epoch, seq, provider_seq, sim_start from feed_cluster where stream = $1',
    [stream],
  );
  const row = rows[0];
  if (!row) throw new Error(`feed_cluster row of ${stream} missing`);
  return {
    streamId: row.stream_id,
    epoch: Number(row.epoch),
    seq: Number(row.seq),
    providerSeq: Number(row.provider_seq),
    simStart: row.sim_start === null ? undefined : Number(row.sim_start),
  };
}

/**
 * The high-water mark only (a plain select: fits a read-only transaction, so it can be read in the snapshot the stored
 * feed is read from, FeedService.reload); 0 and 0 before the row exists.
 */
export async function readStoredMark(db: Queryable, stream: string): Promise<{ seq: number; providerSeq: number }> {
  const { rows } = await db.query<Pick<Row, 'seq' | 'provider_seq'>>(
    'select seq, provider_seq from feed_cluster where stream = $1',
    [stream],
  );
  const row = rows[0];
  return { seq: Number(row?.seq ?? 0), providerSeq: Number(row?.provider_seq ?? 0) };
}

/** Raises the leader epoch (a takeover) and answers the new one. */
export async function takeEpoch(db: Queryable, stream: string): Promise<number> {
  const { rows } = await db.query<{ epoch: string }>(
    'update feed_cluster set epoch = epoch + 1, updated_at = now() where stream = $1 returning epoch',
    [stream],
  );
  return Number(rows[0]?.epoch ?? 0);
}

/** Records the high-water mark (in the flush's transaction); never lowers it. */
export async function writeClusterMark(tx: Queryable, stream: string, seq: number, providerSeq: number): Promise<void> {
  await tx.query(
    `update feed_cluster set seq = greatest(seq, $2), provider_seq = greatest(provider_seq, $3), updated_at = now()
     where stream = $1`,
    [stream, seq, providerSeq],
  );
}

/** The instant every server's simulator starts from: the first caller's `now` (ADR 0360, "One simulated world"). */
export async function agreeSimStart(db: Queryable, stream: string, now: number): Promise<number> {
  await readClusterMark(db, stream);
  await db.query('update feed_cluster set sim_start = $2 where stream = $1 and sim_start is null', [stream, now]);
  const mark = await readClusterMark(db, stream);
  return mark.simStart ?? now;
}
