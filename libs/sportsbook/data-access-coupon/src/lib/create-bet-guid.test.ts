import { describe, expect, it } from 'vitest';
import { createBetGuid } from './bet-placement.machine';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createBetGuid', () => {
  it('uses randomUUID where the context offers it', () => {
    expect(createBetGuid()).toMatch(UUID_V4);
    expect(createBetGuid({ randomUUID: () => '00000000-0000-4000-8000-000000000000', getRandomValues: (a) => a })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });

  it('builds a v4 UUID from getRandomValues outside secure contexts', () => {
    const fill = <T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    };
    expect(createBetGuid({ getRandomValues: fill })).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    const guids = new Set(
      Array.from({ length: 50 }, () => createBetGuid({ getRandomValues: (a) => globalThis.crypto.getRandomValues(a) })),
    );
    expect(guids.size).toBe(50);
    for (const guid of guids) expect(guid).toMatch(UUID_V4);
  });
});
