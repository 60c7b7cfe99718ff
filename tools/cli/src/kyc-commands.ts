import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import { ApiError } from '@tessera/server/api-errors';
import {
  decideVerification,
  LocalDirectoryStorage,
  listDecisions,
  listDocuments,
  listSubmissions,
  type DocumentStorage,
} from '@tessera/server/verification';
import { EXIT, type CliIo } from './io';
import { openServerDatabase } from './server-database';

const USAGE =
  'usage: tessera kyc decide <account-id> verified|rejected --reason "..." [--operator <name>] ' +
  '[--country <ISO2>] [--birth-date YYYY-MM-DD]';

/**
 * `tessera kyc decide <account> verified|rejected --reason "..."`: compliance's decision on the account's waiting
 * submission, recorded with who (`--operator`, default the OS user), when and why. `verified` may name the country and
 * date of birth the documents show (`--country GB --birth-date 1990-01-31`), else those the player submitted; they
 * replace the declared ones for every rule (libs/server/verification README). Exit 0 decided, 1 refused, 2 usage.
 */
export async function kycDecide(
  io: CliIo,
  brandsDir: string,
  args: readonly string[],
  options: Record<string, string | true>,
  database?: Database,
): Promise<number> {
  const [accountId, decision] = args;
  const reason = options['reason'];
  const country = options['country'];
  const birthDate = options['birth-date'];
  const operator = options['operator'];
  if (
    !accountId ||
    (decision !== 'verified' && decision !== 'rejected') ||
    typeof reason !== 'string' ||
    country === true ||
    birthDate === true ||
    operator === true
  ) {
    io.err(USAGE);
    return EXIT.usage;
  }
  if (decision === 'rejected' && (country !== undefined || birthDate !== undefined)) {
    io.err('tessera: --country and --birth-date go with verified only');
    return EXIT.usage;
  }
  const registry = await loadBrandRegistry({ brandsDir, displayRoot: io.cwd });
  const db = database ?? (await openServerDatabase(io));
  try {
    const result = await decideVerification(
      {
        db,
        registry,
        // A decision reads no document; the storage is never touched.
        storage: new LocalDirectoryStorage({ directory: path.join(os.tmpdir(), 'tessera-kyc-unused') }),
        clock: () => new Date(),
      },
      {
        accountId,
        decision,
        reason,
        operator: operator ?? os.userInfo().username,
        ...(country !== undefined ? { country } : {}),
        ...(birthDate !== undefined ? { birthDate } : {}),
      },
    );
    io.out(
      `account ${accountId}: ${result.decision} (decision ${result.decisionId}, submission ${result.submissionId})`,
    );
    if (result.verified && result.declared) {
      io.out(
        `  country ${result.declared.country.toUpperCase()} -> ${result.verified.country.toUpperCase()}, ` +
          `date of birth ${result.declared.birthDate ?? '(none)'} -> ${result.verified.birthDate} (declared values kept)`,
      );
    }
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail = error.extra.detail ? `: ${error.extra.detail}` : '';
    io.err(`tessera: ${error.message}${detail}`);
    return EXIT.invalid;
  } finally {
    if (!database) await db.close();
  }
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/** The documents' storage a server started in this shell would use (VERIFICATION_DOCUMENTS_DIR, else .data/...). */
function serverStorage(io: CliIo): DocumentStorage {
  const dir = io.env['VERIFICATION_DOCUMENTS_DIR'] || path.join('.data', 'verification-documents');
  return new LocalDirectoryStorage({ directory: path.resolve(io.root, dir) });
}

/**
 * `tessera kyc show <account-id> [--export <folder>]`: what compliance reviews before deciding: the account's
 * submissions, documents (type, the type the bytes proved, size, SHA-256) and decisions; `--export` copies the files
 * into a folder, named by document id, checked against their SHA-256. Exit 0, 1 when a file is missing or altered.
 */
export async function kycShow(
  io: CliIo,
  args: readonly string[],
  options: Record<string, string | true>,
  deps: { database?: Database; storage?: DocumentStorage } = {},
): Promise<number> {
  const [accountId] = args;
  const exportDir = options['export'];
  if (!accountId || !/^\d{1,18}$/.test(accountId) || exportDir === true) {
    io.err('usage: tessera kyc show <account-id> [--export <folder>]');
    return EXIT.usage;
  }
  const db = deps.database ?? (await openServerDatabase(io));
  try {
    const [submissions, documents, decisions] = await Promise.all([
      listSubmissions(db, accountId),
      listDocuments(db, accountId),
      listDecisions(db, accountId),
    ]);
    io.out(`account ${accountId}: ${submissions.length} submission(s), ${documents.length} document(s)`);
    for (const s of submissions) {
      io.out(
        `  submission ${s.id}  ${s.status}${s.resubmission ? ' (resubmitted)' : ''}  sent ${new Date(s.submitted_at).toISOString()}  ` +
          `states ${s.country.toUpperCase()}, born ${s.birth_date}`,
      );
    }
    for (const d of documents) {
      io.out(
        `  document ${d.id}  ${d.document_type}  ${d.content_type}  ${d.size_bytes} bytes  sha256 ${d.sha256}  ` +
          `${d.submission_status ?? 'not sent'}  "${d.file_name}"`,
      );
    }
    for (const d of decisions) {
      io.out(`  decision ${new Date(d.decided_at).toISOString()}  ${d.decision} by ${d.operator}: ${d.reason}`);
    }
    if (typeof exportDir !== 'string') return EXIT.ok;
    const storage = deps.storage ?? serverStorage(io);
    const target = path.resolve(io.cwd, exportDir);
    fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    let failed = 0;
    for (const d of documents) {
      const bytes = await storage.get(d.storage_key).catch(() => undefined);
      if (!bytes || createHash('sha256').update(bytes).digest('hex') !== d.sha256) {
        io.err(`tessera: document ${d.id} is ${bytes ? 'altered (SHA-256 differs)' : 'missing from the storage'}`);
        failed += 1;
        continue;
      }
      const file = path.join(target, `${d.id}.${EXTENSIONS[d.content_type] ?? 'bin'}`);
      fs.writeFileSync(file, bytes, { mode: 0o600 });
      io.out(`  exported ${path.relative(io.cwd, file) || file}`);
    }
    return failed > 0 ? EXIT.invalid : EXIT.ok;
  } finally {
    if (!deps.database) await db.close();
  }
}
