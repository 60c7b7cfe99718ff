import type {
  BackofficeMeResponse,
  BackofficePermission,
  BackofficePlayerResponse,
  BackofficeVerificationQueueResponse,
} from '@tessera/shared/contract-api';

// The payloads are generated from schemas/api/backoffice (contract-api); these are only names for their parts.

/** Who is signed in (GET me). */
export type MeResponse = BackofficeMeResponse;

/** A permission of the matrix (libs/server/backoffice). */
export type Permission = BackofficePermission;

/** One verification submission waiting in the desk's queue. */
export type Submission = BackofficeVerificationQueueResponse['submissions'][number];

/** Parts of a player's profile, one per tab. */
export type PlayerBalance = BackofficePlayerResponse['balances'][number];
export type PlayerLedgerEntry = BackofficePlayerResponse['ledger'][number];
export type PlayerBet = BackofficePlayerResponse['bets'][number];
export type PlayerPayment = BackofficePlayerResponse['payments'][number];
export type PlayerSession = BackofficePlayerResponse['sessions'][number];
export type PlayerLimit = BackofficePlayerResponse['limits'][number];
export type PlayerExclusion = BackofficePlayerResponse['exclusions'][number];
export type PlayerNote = BackofficePlayerResponse['notes'][number];
