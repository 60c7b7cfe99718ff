import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentStorageError, LocalDirectoryStorage, newStorageKey } from './document-storage';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-docs-'));
  temps.push(dir);
  return dir;
}

describe('LocalDirectoryStorage', () => {
  it('stores under the key only, readable by the owner only, and reads and deletes it', async () => {
    const dir = path.join(tempDir(), 'documents');
    const storage = new LocalDirectoryStorage({ directory: dir });
    const key = newStorageKey();
    await storage.put(key, Buffer.from('bytes'));
    expect(fs.readdirSync(dir)).toEqual([key]);
    expect(fs.statSync(path.join(dir, key)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect((await storage.get(key)).toString()).toBe('bytes');
    await storage.delete(key);
    expect(fs.readdirSync(dir)).toEqual([]);
    await expect(storage.get(key)).rejects.toMatchObject({ failure: 'not_found' });
  });

  it('fails clearly and leaves nothing when the folder cannot be written', async () => {
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    const storage = new LocalDirectoryStorage({ directory: path.join(blocker, 'documents') });
    const error = await storage.put(newStorageKey(), Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentStorageError);
    expect((error as DocumentStorageError).failure).toBe('unavailable');
    expect(fs.readFileSync(blocker, 'utf8')).toBe('not a folder');
  });

  it('times out, and a write that finishes after its deadline leaves no file', async () => {
    const dir = tempDir();
    const storage = new LocalDirectoryStorage({ directory: dir, timeoutMs: 50, latencyMs: 300 });
    const key = newStorageKey();
    await expect(storage.put(key, Buffer.alloc(1024))).rejects.toMatchObject({ failure: 'timeout' });
    // The write goes on in the background; once it would have landed, neither it nor its temporary file is there.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('never builds a path from anything but a key', async () => {
    const storage = new LocalDirectoryStorage({ directory: tempDir() });
    await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toMatchObject({ failure: 'not_found' });
  });
});
