import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ControllableFeed } from '@tessera/server/bets';
import type { Database } from '@tessera/server/db';
import type { DocumentStorage } from '@tessera/server/verification';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, loadFixtureRegistry } from '../../../testing/test-app';
import type { Browser } from '../../auth/testing/accounts-test-kit';
import { ScriptedFeed, SteppedScheduler } from '../../bets/testing/bets-test-kit';

/**
 * kycbet (host betbet.example, EUR): files up to 100 KiB, 3 documents, 12 uploads an hour, no withdrawal before
 * verification; de: selfie required and 30 days to verify; pl: withdrawals free, deposits past 100 EUR wait; at:
 * minimum age 21 and deposits switched off (to prove a verified country's rules apply); ch: no deposit or bet before
 * verification.
 */
export const kycBrandsDir = fileURLToPath(new URL('./brands', import.meta.url));

/** The app over kycbet with a stepped payment scheduler and a fresh documents folder. */
export async function buildVerificationApp(
  db: Database,
  overrides: { clock?: () => Date; storage?: DocumentStorage; mode?: 'test' | 'production' } = {},
): Promise<{ app: FastifyInstance; scheduler: SteppedScheduler; documentsDir: string }> {
  const scheduler = new SteppedScheduler();
  const documentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-kyc-'));
  const app = await buildTestApp(db, {
    brandsDir: kycBrandsDir,
    brandRegistry: await loadFixtureRegistry(kycBrandsDir),
    rateLimitPerMinute: 100_000,
    mode: overrides.mode ?? 'test',
    logger: false,
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    feed: { provider: new ControllableFeed(new ScriptedFeed()), flushIntervalMs: 60_000 },
    payments: { sandbox: { scheduler, confirmDelayMs: 0 } },
    verification: { documentsDir, ...(overrides.storage ? { storage: overrides.storage } : {}) },
  });
  await app.ready();
  return { app, scheduler, documentsDir };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5b3a1a40000000049454e44ae426082',
  'hex',
);

/** A minimal PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** A multipart/form-data body: fields first, then the file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer; field?: string },
): { body: Buffer; contentType: string } {
  const boundary = `----tessera${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads one document as a browser would. */
export function upload(
  browser: Browser,
  documentType: string,
  file: { name: string; type: string; bytes: Buffer },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipart({ document_type: documentType }, file);
  return browser.request('POST', '/verification-api/api/v1/BackOffice/documents/upload', body, {
    'content-type': contentType,
    ...headers,
  });
}

/** The files in the documents folder (temporary ones included). */
export function storedFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}
