// The bets calls' payloads as the placement code reads them. Every type here is the generated contract
// (`@tessera/shared/contract-api`, from schemas/api/bets) or a narrowing of it: no field is written by hand.
import type {
  MakeBetBidRequest,
  MakeBetMultiRequest,
  MakeBetRequest,
  MakeBetResponse as MakeBetAnswer,
} from '@tessera/shared/contract-api';

export type { CouponEvent as WireEvent, OddsChange } from '@tessera/shared/contract-api';

/** CheckCf: 0 report any change, 1 accept increases, 2 accept any change (data-access-coupon README, "CheckCf"). */
export type CheckCf = NonNullable<MakeBetRequest['CheckCf']>;

/** Fields shared by MakeBetWeb, MakeBetWebMulti and MakeBetBidWeb. */
export type PlacementFlags = Pick<
  MakeBetRequest,
  'betGUID' | 'CheckCf' | 'ApprovedBet' | 'OneClickBet' | 'notWait' | 'avanceBet' | 'live'
>;

/** POST /service-api/LiveBet/Secure/MakeBetWeb. */
export type MakeBetBody = MakeBetRequest;

/** POST /service-api/LiveBet/Secure/MakeBetBidWeb: a VIP bet of VIPBetSumm sent for approval. */
export type MakeBetBidBody = MakeBetBidRequest;

/** POST /service-api/LiveBet/Secure/MakeBetWebMulti. */
export type MakeBetMultiBody = MakeBetMultiRequest;

/** One coupon of a multi bet. */
export type MultiCoupon = MakeBetMultiRequest['coupons'][number];

/** One bet created by a placement. */
export type PlacedBet = NonNullable<MakeBetAnswer['bets']>[number];

/**
 * The answer of the placement calls, narrowed by status: the schema's one object with every field optional, with the
 * fields each status always carries made required.
 */
export type MakeBetResponse =
  | (Required<
      Pick<
        MakeBetAnswer,
        'betGuid' | 'bets' | 'summ' | 'stakeTax' | 'potentialWin' | 'balance' | 'currency' | 'changes'
      >
    > & { status: 'accepted' })
  | (Required<Pick<MakeBetAnswer, 'betGuid' | 'changes'>> & { status: 'oddsChanged' })
  | (Required<Pick<MakeBetAnswer, 'betGuid' | 'betId' | 'reason'>> & { status: 'waiting' });
