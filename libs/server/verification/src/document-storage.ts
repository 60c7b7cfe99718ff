import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Why the document storage could not do what it was asked. */
export type StorageFailure = 'full' | 'permission' | 'unavailable' | 'timeout' | 'not_found';

/** A failure of the document storage, with what kind of failure it was; the upload is refused and nothing is kept. */
export class DocumentStorageError extends Error {
  constructor(
    readonly failure: StorageFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DocumentStorageError';
  }
}

/**
 * Where identity documents' bytes live (ADR 0265): outside the web root, never served. Keys are random ids the
 * library makes ({@link newStorageKey}), never the name the player's file had. `put` is all or nothing: after a
 * failure nothing is stored under the key.
 */
export interface DocumentStorage {
  /** Stores the bytes under a new key; throws {@link DocumentStorageError} when it cannot. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes of a stored document (compliance's review); `not_found` when the key holds nothing. */
  get(key: string): Promise<Buffer>;
  /** Removes a document; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

/** A fresh storage key: a random UUID, the only name a document's file ever has. */
export function newStorageKey(): string {
  return randomUUID();
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function failureOf(error: unknown): StorageFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') return 'full';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'permission';
  if (code === 'ENOENT') return 'not_found';
  return 'unavailable';
}

const SENTENCES: Readonly<Record<StorageFailure, string>> = {
  full: 'the document storage is full',
  permission: 'the document storage may not be written',
  unavailable: 'the document storage is unavailable',
  timeout: 'the document storage did not answer in time',
  not_found: 'no document is stored under that key',
};

/** Options of {@link LocalDirectoryStorage}. */
export interface LocalDirectoryStorageOptions {
  /** The folder (created with mode 0700 when missing); never inside the client build or any served folder. */
  directory: string;
  /** How long one operation may take before it fails as `timeout`; default 10 s. */
  timeoutMs?: number;
  /** Development and tests: a write waits this long before it lands, as a slow network store would; default 0. */
  latencyMs?: number;
}

/**
 * The default storage: one file per document in a local folder, named by its key, mode 0600. A document is written to
 * a hidden temporary file, flushed to disk and renamed into place, so a failure half-way (disk full, permission, a
 * crash) never leaves a partial document under its key; the temporary file is removed on failure.
 */
export class LocalDirectoryStorage implements DocumentStorage {
  private readonly directory: string;
  private readonly timeoutMs: number;
  private readonly latencyMs: number;
  private ready: Promise<void> | undefined;

  constructor(options: LocalDirectoryStorageOptions) {
    this.directory = path.resolve(options.directory);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.latencyMs = options.latencyMs ?? 0;
  }

  /** The folder documents are written to. */
  get root(): string {
    return this.directory;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    const temporary = path.join(this.directory, `.${key}.part`);
    // A write still running when the deadline passed must not leave its file behind once it finishes.
    let abandoned = false;
    await this.timed(
      async () => {
        await (this.ready ??= fs.mkdir(this.directory, { recursive: true, mode: 0o700 }).then(
          () => undefined,
          (error: unknown) => {
            this.ready = undefined;
            throw error;
          },
        ));
        let handle: fs.FileHandle | undefined;
        try {
          handle = await fs.open(temporary, 'wx', 0o600);
          await handle.writeFile(bytes);
          if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
          await handle.sync();
          await handle.close();
          handle = undefined;
          if (abandoned) throw new DocumentStorageError('timeout', SENTENCES.timeout);
          await fs.rename(temporary, target);
        } catch (error) {
          await handle?.close().catch(() => undefined);
          await fs.rm(temporary, { force: true }).catch(() => undefined);
          throw error;
        }
      },
      () => (abandoned = true),
    );
  }

  async get(key: string): Promise<Buffer> {
    return this.timed(() => fs.readFile(this.pathOf(key)));
  }

  async delete(key: string): Promise<void> {
    await this.timed(() => fs.rm(this.pathOf(key), { force: true }));
  }

  private pathOf(key: string): string {
    // Keys are ours, but a path is never built from anything else than a UUID.
    if (!KEY.test(key)) throw new DocumentStorageError('not_found', `not a document key: ${key}`);
    return path.join(this.directory, key);
  }

  private async timed<T>(work: () => Promise<T>, onTimeout?: () => void): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout?.();
        reject(new DocumentStorageError('timeout', SENTENCES.timeout));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      if (error instanceof DocumentStorageError) throw error;
      const failure = failureOf(error);
      throw new DocumentStorageError(failure, SENTENCES[failure], { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}
