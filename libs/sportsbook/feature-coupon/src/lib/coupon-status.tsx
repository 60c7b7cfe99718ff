import { Button } from '@tessera/shared/ui';
import { useT } from '@tessera/shared/data-access-brand';
import { useFormatOdds } from '@tessera/sportsbook/data-access-feed';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { CouponReceipt } from './coupon-receipt';
import { useIssueText } from './coupon-text';
import type { CouponPlacement } from './use-coupon-placement';

// The live regions are on the page from the start (so what arrives in it is announced), but while one says nothing it
// takes no place in the slip's grid: an empty grid item still had a gap either side (a blank band under the heading
// of an empty slip, and between "Log in" and "Clear" on a guest's).
const StyledLive = styled.div`
  &:empty {
    position: absolute;
  }
`;

const StyledBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.sunken};
  &:focus {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
  }
  p {
    margin: 0;
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(4)};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Props of {@link CouponStatus}. */
export interface CouponStatusProps {
  placement: CouponPlacement;
  currency: string;
  /** Stake and potential win as shown in the confirmation. */
  stakeText: string;
  winText: string;
}

/**
 * What the placement is doing, for sighted and screen-reader users alike: progress and the accepted bet in a polite
 * live region, rejections and network errors in an alert; the confirmation, odds-change and outcome blocks take the
 * focus when they appear, so a keyboard user lands on the next decision.
 */
export function CouponStatus({ placement, currency, stakeText, winText }: CouponStatusProps) {
  const { t, tDynamic } = useT();
  const formatOdds = useFormatOdds();
  const issueText = useIssueText(currency);
  const { snapshot, send } = placement;
  const focusRef = useRef<HTMLDivElement>(null);
  const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  useEffect(() => {
    if (
      state === 'confirming' ||
      state === 'oddsChanged' ||
      state === 'accepted' ||
      state === 'held' ||
      state === 'rejected' ||
      state === 'networkError'
    ) {
      focusRef.current?.focus();
    }
  }, [state]);

  const progress = snapshot.matches('validating')
    ? t('coupon:status.validating')
    : snapshot.matches('placing')
      ? t('coupon:status.placing')
      : snapshot.matches('waiting')
        ? t('coupon:status.waiting')
        : '';
  const { rejection, betId, oddsChanges, failure } = snapshot.context;

  return (
    <>
      <StyledLive role="status" aria-live="polite">
        {progress ? <p>{progress}</p> : null}
        {snapshot.matches('accepted') || snapshot.matches('held') ? (
          // Held: an advance bet (libs/server/bets README, "Advance bets held until covered"), placed, and standing once the balance covers it.
          <StyledBox ref={focusRef} tabIndex={-1}>
            <p>
              <strong>
                {t(snapshot.matches('held') ? 'coupon:held.text' : 'coupon:accepted.text', { id: betId ?? '' })}
              </strong>
            </p>
            {placement.receipt ? (
              <CouponReceipt receipt={placement.receipt} onDone={() => send({ type: 'coupon.reset' })} />
            ) : (
              <StyledActions>
                <Button variant="secondary" size="small" onClick={() => send({ type: 'coupon.reset' })}>
                  {t('coupon:accepted.next')}
                </Button>
              </StyledActions>
            )}
          </StyledBox>
        ) : null}
      </StyledLive>
      <StyledLive role="alert">
        {snapshot.matches('rejected') && rejection ? (
          <StyledBox ref={focusRef} tabIndex={-1}>
            <p>
              {t('coupon:rejected.text', {
                reason:
                  rejection.message && /^[a-z_0-9]+$/.test(rejection.message)
                    ? issueText(rejection.message)
                    : tDynamic(`coupon:reason.${rejection.reason}`, rejection.reason),
              })}
            </p>
            <StyledActions>
              <Button variant="secondary" size="small" onClick={() => send({ type: 'coupon.reset' })}>
                {t('coupon:rejected.back')}
              </Button>
            </StyledActions>
          </StyledBox>
        ) : null}
        {snapshot.matches('networkError') ? (
          <StyledBox ref={focusRef} tabIndex={-1}>
            <p>{failure?.kind === 'rateLimited' ? t('coupon:network.wait') : t('coupon:network.text')}</p>
            <StyledActions>
              <Button
                size="small"
                disabled={!snapshot.can({ type: 'bet.retry' })}
                onClick={() => send({ type: 'bet.retry' })}
              >
                {t('coupon:network.retry')}
              </Button>
            </StyledActions>
          </StyledBox>
        ) : null}
      </StyledLive>
      {snapshot.matches('confirming') ? (
        <StyledBox ref={focusRef} tabIndex={-1} role="group" aria-label={t('coupon:confirm.title')}>
          <p>
            <strong>{t('coupon:confirm.title')}</strong>
          </p>
          <p>{t('coupon:confirm.text', { stake: stakeText, win: winText })}</p>
          <StyledActions>
            <Button onClick={() => send({ type: 'coupon.confirm' })}>{t('coupon:confirm.ok')}</Button>
            <Button variant="ghost" onClick={() => send({ type: 'coupon.cancel' })}>
              {t('coupon:confirm.cancel')}
            </Button>
          </StyledActions>
        </StyledBox>
      ) : null}
      {snapshot.matches('oddsChanged') ? (
        <StyledBox ref={focusRef} tabIndex={-1} role="group" aria-label={t('coupon:oddsChanged.title')}>
          <p>
            <strong>{t('coupon:oddsChanged.title')}</strong>
          </p>
          <ul>
            {oddsChanges.map((change) => (
              <li key={change.index}>
                {t('coupon:oddsChanged.item', {
                  n: change.index + 1,
                  previous: formatOdds(change.previous),
                  current: formatOdds(change.current),
                })}
              </li>
            ))}
          </ul>
          <StyledActions>
            <Button onClick={() => send({ type: 'odds.accept' })}>{t('coupon:oddsChanged.accept')}</Button>
            <Button variant="ghost" onClick={() => send({ type: 'coupon.cancel' })}>
              {t('coupon:confirm.cancel')}
            </Button>
          </StyledActions>
        </StyledBox>
      ) : null}
    </>
  );
}
