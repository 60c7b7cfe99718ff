// The stream's fence on this machine's Redis: what keeps a replaced feed leader's late append out of the stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedStream, FencedError, type FeedStreamEntry } from './feed-stream';
import { deleteKeys, requireRedis, testKeyPrefix, testRedisUrl } from './testing/redis-server';

const entry = (seq: number, epoch: number, providerSeq: number): FeedStreamEntry => ({
  seq,
  kind: 'batch',
  epoch,
  providerSeq,
  to: 1_795_000_000_000 + seq,
  events: [],
  changes: [],
});

describe('FeedStream fence', () => {
  const url = testRedisUrl();
  const keyPrefix = testKeyPrefix('feed-stream');
  let oldLeader: FeedStream;
  let newLeader: FeedStream;

  beforeAll(async () => {
    await requireRedis(url);
    oldLeader = new FeedStream({ url, keyPrefix });
    newLeader = new FeedStream({ url, keyPrefix });
    await Promise.all([oldLeader.connect(), newLeader.connect()]);
  });

  afterAll(async () => {
    await Promise.all([oldLeader?.close(), newLeader?.close()]);
    await deleteKeys(url, keyPrefix);
  });

  it('refuses the replaced leader’s append that arrives after the new leader fenced, before its first append', async () => {
    await oldLeader.append(entry(1, 1, 10));
    expect(await newLeader.fence(2)).toBe(2);
    // The old leader's append on its way when it died lands now: refused, so what the new leader read stays the end.
    await expect(oldLeader.append(entry(2, 1, 20))).rejects.toBeInstanceOf(FencedError);
    expect(await newLeader.last()).toBe(1);
    await newLeader.append(entry(2, 2, 20));
    expect((await newLeader.range(0)).map((e) => [e.seq, e.epoch])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // A fence never lowers the epoch: a leader older than the current one learns it is replaced.
    expect(await oldLeader.fence(1)).toBe(2);
  });
});
