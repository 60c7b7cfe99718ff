import { HTTPError, type ApiClient } from '@tessera/shared/data-access-api';
import type {
  BetPlacementApi,
  BetRejectReason,
  BetStatusResult,
  BetValidationResult,
  PlaceBetRequest,
  PlaceBetResult,
} from './bet-placement.types';
import { couponApi, type MakeBetAnswer } from './coupon.api';

/** error_code of the contract to the machine's rejection reason (docs/contracts/bets-api.md, refusal codes). */
const REASON_BY_CODE: Readonly<Record<number, BetRejectReason>> = {
  1003: 'limitExceeded',
  1006: 'eventClosed',
  1012: 'insufficientFunds',
  1020: 'eventClosed',
  1021: 'eventClosed',
  1022: 'limitExceeded',
  1023: 'invalidRequest',
  1025: 'server',
  1027: 'eventClosed',
  1028: 'eventClosed',
};

const REASONS: readonly BetRejectReason[] = [
  'validation',
  'insufficientFunds',
  'limitExceeded',
  'eventClosed',
  'invalidRequest',
  'server',
];

/**
 * The code word of a refusal (`below_minimum_stake`), the first word of the error's detail; the UI translates by it.
 * Falls back to the status ('http_403') so a refusal always has something to translate.
 */
export function refusalCode(error: HTTPError): string {
  const word = /^([a-z_]+):/.exec(error.detail ?? '')?.[1];
  if (word) return word;
  if (error.status === 401) return 'not_signed_in';
  return `http_${error.status}`;
}

/** A refusal by the server as the machine's rejection: reason from error_code, message the code word. */
export function toRejection(error: HTTPError): { status: 'rejected'; reason: BetRejectReason; message: string } {
  const reason =
    (error.errorCode !== undefined ? REASON_BY_CODE[error.errorCode] : undefined) ??
    (error.status === 400 ? 'invalidRequest' : 'validation');
  return { status: 'rejected', reason, message: refusalCode(error) };
}

// 400, 401, 403, 404, 409 and 422 are answers about the bet itself: the bet was not taken, and retrying cannot help.
const REFUSAL_STATUSES = new Set([400, 401, 403, 404, 409, 422]);
// Refusals answered with a 5xx status that still say for certain nothing was stored: no VIP desk is connected (1025).
const REFUSAL_CODES_5XX = new Set([1025]);

function isRefusal(error: unknown): error is HTTPError {
  if (!(error instanceof HTTPError)) return false;
  return (
    REFUSAL_STATUSES.has(error.status) || (error.errorCode !== undefined && REFUSAL_CODES_5XX.has(error.errorCode))
  );
}

function asResult(answer: MakeBetAnswer): PlaceBetResult {
  switch (answer.status) {
    case 'accepted':
      return { status: 'accepted', betId: answer.bets.map((b) => b.betId).join(',') };
    case 'oddsChanged':
      return { status: 'oddsChanged', changes: answer.changes };
    case 'waiting':
      return { status: 'waiting', betGuid: answer.betGuid, betId: answer.betId, reason: answer.reason };
    default:
      return { status: 'rejected', reason: 'server', message: 'unexpected_answer' };
  }
}

function placementBody(request: PlaceBetRequest) {
  return {
    betGUID: request.betGuid,
    Events: request.couponEvents,
    vid: request.vid,
    Summ: request.summ,
    expressNum: request.expressNum,
    FullCover: request.fullCover,
    CheckCf: request.checkCf,
    ApprovedBet: request.approvedBet,
    OneClickBet: request.oneClickBet,
    notWait: request.notWait,
    avanceBet: request.avanceBet,
    isAutoBet: request.isAutoBet,
    autoBetCf: request.autoBetCf,
    IsExpressBoost: request.isExpressBoost,
    IsPowerBet: request.isPowerBet,
    IsInsurance: request.isInsurance,
    AntiExpressCoef: request.antiExpressCoef,
    promo: request.promo,
    CouponCode: request.couponCode,
    withLobby: request.withLobby,
  };
}

/**
 * The bet placement machine's server functions over HTTP: validation asks UpdateCoupon whether every selection is
 * still open; placing sends MakeBetWeb (MakeBetWebMulti for a multi, MakeBetBidWeb for a VIP bet) with the machine's
 * betGuid; held bets are polled with GetBetStatus. Refusals come back as rejections with the contract's code word;
 * transport failures are thrown, so the machine offers a retry under the same betGuid.
 */
export function createBetPlacementApi(client: ApiClient): BetPlacementApi {
  return {
    async validateBet(draft, signal): Promise<BetValidationResult> {
      let answer;
      try {
        answer = await client.send(couponApi.updateCoupon, { Events: draft.couponEvents }, { signal });
      } catch {
        // The line could not be asked: let the placement decide (the server checks everything again).
        return { ok: true };
      }
      if (answer.events.some((e) => e.finished)) return { ok: false, reason: 'eventClosed', message: 'game_closed' };
      if (answer.events.some((e) => e.blocked))
        return { ok: false, reason: 'eventClosed', message: 'suspended_selection' };
      return { ok: true };
    },
    async placeBet(request, signal): Promise<PlaceBetResult> {
      try {
        if (request.vipBetSumm !== undefined) {
          const { Summ: _summ, ...body } = placementBody(request);
          return asResult(
            await client.send(couponApi.makeBetBidWeb, { ...body, VIPBetSumm: request.vipBetSumm }, { signal }),
          );
        }
        if (request.coupons) {
          // couponEvents lists every event in coupon order and carries approved odds changes: slice it back per coupon.
          let offset = 0;
          const coupons = request.coupons.map((c) => {
            const events = request.couponEvents.slice(offset, offset + c.couponEvents.length);
            offset += c.couponEvents.length;
            return { Events: events, vid: c.vid, Summ: c.summ };
          });
          const answer = await client.send(
            couponApi.makeBetWebMulti,
            { betGUID: request.betGuid, coupons, CheckCf: request.checkCf, ApprovedBet: request.approvedBet },
            { signal },
          );
          return asResult(answer);
        }
        return asResult(await client.send(couponApi.makeBetWeb, placementBody(request), { signal }));
      } catch (error) {
        if (isRefusal(error)) return toRejection(error);
        throw error;
      }
    },
    async checkBetStatus(betGuid, signal): Promise<BetStatusResult> {
      const answer = await client.send(couponApi.getBetStatus, { betGUID: betGuid }, { signal });
      if (answer.status === 'rejected') {
        const reason = (REASONS as readonly string[]).includes(answer.reason)
          ? (answer.reason as BetRejectReason)
          : 'server';
        return { status: 'rejected', reason, message: answer.message };
      }
      return answer;
    },
  };
}
