import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { betTypeNameKey } from '@tessera/shared/util-format';
import { Button } from '@tessera/shared/ui';
import { useCoupon } from '@tessera/sportsbook/data-access-coupon';
import { useFormatOdds } from '@tessera/sportsbook/data-access-feed';
import { potentialWin, selectionKey } from '@tessera/sportsbook/util-coupon';
import { useState } from 'react';
import styled from 'styled-components';
import { useMoney } from './coupon-text';
import type { BetReceipt } from './use-coupon-placement';

const StyledReceipt = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1em;
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space(2)};
    padding-block: ${({ theme }) => theme.space(1)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
  }
  li span {
    overflow-wrap: anywhere;
  }
  li small {
    display: block;
    color: ${({ theme }) => theme.color.text.muted};
  }
  li strong {
    font-variant-numeric: tabular-nums;
  }
`;

const StyledFigures = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.text.muted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Props of {@link CouponReceipt}. */
export interface CouponReceiptProps {
  receipt: BetReceipt;
  /** Starts the next bet (the placement goes back to idle). */
  onDone: () => void;
}

type ShareOutcome = 'idle' | 'shared' | 'copied' | 'failed';

/**
 * The bet receipt after an accepted bet: each selection with the odds taken, the bet type, stake, potential return and
 * bet id; "keep selections" puts the placed selections back in the slip, "share" uses the Web Share API where the
 * browser has it and copies the text to the clipboard where it does not.
 */
export function CouponReceipt({ receipt, onDone }: CouponReceiptProps) {
  const { t } = useT();
  const { name } = useBrand();
  const { store, config } = useCoupon();
  const formatOdds = useFormatOdds();
  const { placed, betId } = receipt;
  const { coupon, labels } = placed;
  const money = useMoney(coupon.currency);
  const [share, setShare] = useState<ShareOutcome>('idle');
  const n = coupon.selections.length;
  const win = potentialWin(coupon, config);
  const typeName = t(betTypeNameKey(coupon.betType, n, coupon.fullCover), { n });
  // A full cover's stake reads as its bets: "4 bets × £1.00 = £4.00".
  const fullCoverLines = coupon.betType === 'fullCover' ? win.bets[0]?.lines : undefined;
  const stakeText =
    fullCoverLines !== undefined
      ? t('coupon:fullCover.lines', { count: fullCoverLines, stake: money(coupon.stake), total: money(win.totalStake) })
      : money(win.totalStake);

  const lines = coupon.selections.map((s) => {
    const label = labels[selectionKey(s)];
    return {
      key: selectionKey(s),
      game: label ? `${label.home} – ${label.away}` : s.gameId,
      pick: label ? `${label.market}: ${label.outcome}` : s.outcomeId,
      odds: formatOdds(s.odds),
    };
  });

  const shareText = [
    t('coupon:receipt.shareTitle', { brand: name, id: betId }),
    ...lines.map((line) => `${line.game} · ${line.pick} @ ${line.odds}`),
    `${t('coupon:receipt.stake')}: ${stakeText}`,
    `${t('coupon:receipt.return')}: ${money(win.netReturn)}`,
  ].join('\n');

  const onShare = async () => {
    const url = window.location.href;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({
          title: t('coupon:receipt.shareTitle', { brand: name, id: betId }),
          text: shareText,
          url,
        });
        setShare('shared');
        return;
      }
      await navigator.clipboard.writeText(`${shareText}\n${url}`);
      setShare('copied');
    } catch (error) {
      // The bettor closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setShare('failed');
    }
  };

  const keep = () => {
    store.replace({ ...store.getState(), ...placed, oddsChanges: {}, lastIssue: null });
    onDone();
  };

  return (
    <StyledReceipt>
      <h3>{t('coupon:receipt.title')}</h3>
      <ul aria-label={t('coupon:receipt.selections')}>
        {lines.map((line) => (
          <li key={line.key}>
            <span>
              {line.game}
              <small>{line.pick}</small>
            </span>
            <strong>{line.odds}</strong>
          </li>
        ))}
      </ul>
      <StyledFigures aria-label={t('coupon:receipt.figures')}>
        <dt>{t('coupon:betType.label')}</dt>
        <dd>{typeName}</dd>
        {win.coefficient !== undefined && n > 1 ? (
          <>
            <dt>{t('coupon:summary.odds')}</dt>
            <dd>{formatOdds(win.coefficient)}</dd>
          </>
        ) : null}
        <dt>{t('coupon:receipt.stake')}</dt>
        <dd>{stakeText}</dd>
        <dt>{t('coupon:receipt.return')}</dt>
        <dd>{money(win.netReturn)}</dd>
        <dt>{t('coupon:receipt.betId')}</dt>
        <dd>{betId}</dd>
      </StyledFigures>
      <StyledActions>
        <Button variant="secondary" size="small" onClick={keep}>
          {t('coupon:receipt.keep')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => void onShare()}>
          {t('coupon:receipt.share')}
        </Button>
        <Button variant="accent" size="small" onClick={onDone}>
          {t('coupon:accepted.next')}
        </Button>
      </StyledActions>
      <p aria-live="polite">
        {share === 'copied'
          ? t('coupon:receipt.copied')
          : share === 'shared'
            ? t('coupon:receipt.shared')
            : share === 'failed'
              ? t('coupon:receipt.shareFailed')
              : ''}
      </p>
    </StyledReceipt>
  );
}
