import path from 'node:path';
import { findUserById, type AccountsLogger, type AccountsRequest } from '@tessera/server/accounts';
import { ApiError } from '@tessera/server/api-errors';
import { createBettorLookup } from '@tessera/server/bets';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import type {
  VerificationDevDecideRequest,
  VerificationDocument,
  VerificationDocumentsResponse,
  VerificationStatusResponse,
  VerificationSubmitRequest,
} from '@tessera/shared/contract-api';
import type { VerificationSection } from '@tessera/shared/util-config';
import { decideVerification, type DecisionResult } from './decision.service';
import { LocalDirectoryStorage, type DocumentStorage } from './document-storage';
import { verificationGate, verificationStakeGate, type VerificationGate } from './gates';
import { readUploadForm, type UploadPart } from './upload-form';
import type { VerificationContext } from './verification-context';
import {
  admitUpload,
  documentsOf,
  storeDocument,
  submitForReview,
  verificationView,
  type VerificationAccount,
} from './verification.service';

/** What {@link createVerificationModule} needs: the server's parts and where documents are kept. */
export interface VerificationModuleOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /** The server key sessions are read with (ACCOUNT_SECRET_KEY). */
  secretKey?: string;
  clock?: () => Date;
  log: AccountsLogger;
  /** The cookie that remembers the country a visitor chose (apps/api's site context). */
  countryCookie: string;
  /** Where documents are stored; default a {@link LocalDirectoryStorage} in `documentsDir`. */
  storage?: DocumentStorage;
  /**
   * The folder of the default storage: VERIFICATION_DOCUMENTS_DIR, else `.data/verification-documents` under the
   * working directory (beside the embedded database's data), never a served folder (ADR 0265).
   */
  documentsDir?: string;
  /** Where VERIFICATION_DOCUMENTS_DIR is read; default process.env. */
  environment?: Readonly<Record<string, string | undefined>>;
}

/** Identity verification of a server: what its routes call for the signed-in player, and the gates. */
export interface VerificationModule {
  ctx: VerificationContext;
  /** The player's verification: status, what a submission needs, what waits for it, documents, decisions. */
  status(request: AccountsRequest): Promise<VerificationStatusResponse>;
  /** The player's own documents (metadata only). */
  documents(request: AccountsRequest): Promise<VerificationDocumentsResponse>;
  /** Sends the uploaded documents for review. */
  submit(request: AccountsRequest, body: VerificationSubmitRequest): Promise<VerificationStatusResponse>;
  /**
   * Keeps one uploaded document: the player's upload budget is asked first, then the form is read through `parts`
   * (given the brand's file size limit) and its bytes must prove an accepted type.
   */
  upload(
    request: AccountsRequest,
    parts: (maxFileBytes: number) => AsyncIterable<UploadPart>,
  ): Promise<VerificationDocument>;
  /** Development only: decides a waiting submission, as `tessera kyc decide` does. */
  decideForDevelopment(body: VerificationDevDecideRequest): Promise<DecisionResult>;
  /** The cashier's gate: withdrawals and deposits that wait for verification. */
  gate: VerificationGate;
  /** Bet placement's gate: stakes that wait for verification. */
  stakeGate: ReturnType<typeof verificationStakeGate>;
}

/** The default folder of identity documents. */
export function defaultDocumentsDir(environment: Readonly<Record<string, string | undefined>>): string {
  return path.resolve(environment['VERIFICATION_DOCUMENTS_DIR'] || path.join('.data', 'verification-documents'));
}

/** Builds identity verification from the server's settings: the document storage, the player lookup and the gates. */
export function createVerificationModule(options: VerificationModuleOptions): VerificationModule {
  const clock = options.clock ?? (() => new Date());
  const ctx: VerificationContext = {
    db: options.database,
    registry: options.registry,
    storage:
      options.storage ??
      new LocalDirectoryStorage({
        directory: options.documentsDir ?? defaultDocumentsDir(options.environment ?? process.env),
      }),
    clock,
  };
  const lookup = createBettorLookup({ ...options, clock });
  /** The signed-in player (401 without a session) and the verification settings of their brand and country. */
  const playerOf = async (
    request: AccountsRequest,
  ): Promise<{ account: VerificationAccount; config: VerificationSection }> => {
    const { bettor, config } = await lookup.bettorOf(request);
    const user = await findUserById(options.database, bettor.brandId, bettor.userId);
    if (!user) throw new ApiError(401, 'Not signed in', { detail: 'Sign in to continue' });
    const { id, brand_id, country, birth_date } = user;
    return { account: { id, brand_id, country, currency: bettor.currency, birth_date }, config: config.verification };
  };
  return {
    ctx,
    async status(request) {
      const { account, config } = await playerOf(request);
      return verificationView(ctx, account, config);
    },
    documents: async (request) => ({ documents: await documentsOf(ctx, (await playerOf(request)).account) }),
    async submit(request, body) {
      const { account, config } = await playerOf(request);
      return submitForReview(ctx, account, config, body);
    },
    async upload(request, parts) {
      const { account, config } = await playerOf(request);
      await admitUpload(ctx, account, config);
      const upload = await readUploadForm(parts(config.maxFileBytes), config);
      return storeDocument(ctx, account, config, upload);
    },
    decideForDevelopment: (body) =>
      decideVerification(ctx, {
        accountId: body.account_id,
        decision: body.decision,
        reason: body.reason,
        operator: 'development endpoint',
        country: body.country || undefined,
        birthDate: body.birth_date || undefined,
      }),
    gate: verificationGate(ctx),
    stakeGate: verificationStakeGate(ctx),
  };
}
