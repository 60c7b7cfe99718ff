import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { PrintRegion } from '@tessera/shared/ui';
import { betTypeNameKey, formatDateTime } from '@tessera/shared/util-format';
import { useCoupon } from '@tessera/sportsbook/data-access-coupon';
import { useFormatOdds } from '@tessera/sportsbook/data-access-feed';
import { selectionKey, type PotentialWin } from '@tessera/sportsbook/util-coupon';
import { useMoney } from './coupon-text';

/** Props of {@link CouponPrint}. */
export interface CouponPrintProps {
  /** The slip priced as the screen shows it (boost as chosen). */
  win: PotentialWin;
  /** Called when the print dialog has closed. */
  onDone: () => void;
}

/**
 * The bet slip on paper (coupon feature `print`): the brand, when it was printed, each selection with its price in the
 * bettor's odds format, the bet type, the stake and the potential win. Plain text, no controls: a bettor takes it to
 * a shop or keeps it; the screen's slip with its buttons and inputs does not print legibly.
 */
export function CouponPrint({ win, onDone }: CouponPrintProps) {
  const { t } = useT();
  const { config: site } = useBrand();
  const { state, currency } = useCoupon();
  const formatOdds = useFormatOdds();
  const money = useMoney(currency);
  const { coupon, labels } = state;
  const printedAt = formatDateTime(new Date(), `${site.global.dateFormat} ${site.global.timeFormat}`, {
    timeZone: site.global.timezone,
  });
  return (
    <PrintRegion label={t('coupon:print.title')} onDone={onDone}>
      <h1>
        {site.global.brandName}: {t('coupon:print.title')}
      </h1>
      <p>{t('coupon:print.printedAt', { date: printedAt })}</p>
      <p>
        {t('coupon:betType.label')}:{' '}
        {t(betTypeNameKey(coupon.betType, coupon.selections.length, coupon.fullCover), {
          n: coupon.selections.length,
        })}
      </p>
      <ol>
        {coupon.selections.map((s) => {
          const key = selectionKey(s);
          const label = labels[key] ?? { home: String(s.gameId), away: '', market: s.marketId, outcome: s.outcomeId };
          return (
            <li key={`${key}:${s.group}`}>
              {t('coupon:selection.game', { home: label.home, away: label.away })};{' '}
              {t('coupon:selection.pick', { market: label.market, outcome: label.outcome })}:{' '}
              <strong>{formatOdds(s.odds)}</strong>
            </li>
          );
        })}
      </ol>
      <dl>
        <dt>{t('coupon:print.stake')}</dt>
        <dd>{money(win.totalStake)}</dd>
        <dt>{t('coupon:print.win')}</dt>
        <dd>{money(win.netReturn)}</dd>
      </dl>
    </PrintRegion>
  );
}
