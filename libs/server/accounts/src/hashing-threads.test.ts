import fs from 'node:fs';
import os from 'node:os';
import { hash as hashInProcess, verify as verifyInProcess } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { HashingThreads } from './hashing-threads';
import { ARGON2_OPTIONS } from './passwords';

/** The nice value of each thread of this process, from /proc (Linux keeps it per thread). */
function threadNices(): number[] {
  return fs.readdirSync('/proc/self/task').map((task) => {
    const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // Fields after the command name; the nice value is field 19 of the whole line.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('hashing threads (issue 12, item 17)', () => {
  let threads: HashingThreads;
  afterEach(async () => {
    await threads.close();
  });

  it('hashes and verifies off the event loop, compatible with hashes made in process', async () => {
    threads = new HashingThreads();
    const made = await threads.run({ op: 'hash', password: 'Correct-horse-1', options: ARGON2_OPTIONS });
    expect(made.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyInProcess(made, 'Correct-horse-1')).toBe(true);
    const old = await hashInProcess('Stored-before-1', ARGON2_OPTIONS);
    expect(await threads.run({ op: 'verify', stored: old, password: 'Stored-before-1' })).toBe(true);
    expect(await threads.run({ op: 'verify', stored: old, password: 'stored-before-1' })).toBe(false);
    // A malformed hash is a mismatch, not an error.
    expect(await threads.run({ op: 'verify', stored: 'not-a-hash', password: 'x' })).toBe(false);
  });

  it('runs jobs at once on as many threads, each at the lower priority, and the server thread keeps its own', async () => {
    const inherited = os.getPriority();
    threads = new HashingThreads(7);
    const before = threadNices();
    const stored = await hashInProcess('Right-password-1', ARGON2_OPTIONS);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => threads.run({ op: 'verify', stored, password: 'Right-password-1' })),
    );
    expect(answers).toEqual([true, true, true]);
    // Never above the server's own priority: a server started at a lower one keeps its threads at least as low.
    const expected = Math.max(7, inherited);
    expect(threads.threadNices).toEqual([expected, expected, expected]);
    expect(threadNices().filter((n) => n === expected).length).toBeGreaterThanOrEqual(3);
    expect(os.getPriority()).toBe(inherited);
    expect(before.filter((n) => n === expected && expected !== inherited)).toEqual([]);
  });

  it('reuses idle threads, and a thread stopped under a job refuses that job and is replaced', async () => {
    threads = new HashingThreads();
    const stored = await hashInProcess('Right-password-1', ARGON2_OPTIONS);
    await threads.run({ op: 'verify', stored, password: 'Right-password-1' });
    await threads.run({ op: 'verify', stored, password: 'Right-password-1' });
    expect(threads.threadNices).toHaveLength(1);
    const running = threads.run({ op: 'hash', password: 'Cut-short-1', options: ARGON2_OPTIONS });
    await threads.close();
    await expect(running).rejects.toThrow(/hashing thread stopped/);
    expect(await threads.run({ op: 'verify', stored, password: 'Right-password-1' })).toBe(true);
  });
});
