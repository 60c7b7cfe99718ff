import { useT } from '@tessera/shared/data-access-brand';
import type { CoefficientFormat } from '@tessera/shared/util-format';
import { useBettingView, useCoefficientFormat, type BettingView } from '@tessera/sportsbook/data-access-feed';
import { OptionSelect } from '@tessera/sportsbook/ui';

/** The odds format setting (the brand's allowed formats); the choice is stored and applies to every price at once. */
export function CoefficientFormatSetting() {
  const { t } = useT();
  const { format, formats, setFormat } = useCoefficientFormat();
  if (formats.length < 2) return null;
  return (
    <OptionSelect<CoefficientFormat>
      label={t('sportsbook:format.label')}
      value={format}
      options={formats.map((f) => ({ value: f, label: t(`sportsbook:format.${f}`) }))}
      onChange={setFormat}
    />
  );
}

/** The betting view setting (European or Asian), shown only where the brand offers the Asian view in this country. */
export function BettingViewSetting() {
  const { t } = useT();
  const { view, views, setView } = useBettingView();
  if (views.length < 2) return null;
  return (
    <OptionSelect<BettingView>
      label={t('sportsbook:view.label')}
      value={view}
      options={views.map((v) => ({ value: v, label: t(`sportsbook:view.${v}`) }))}
      onChange={setView}
    />
  );
}
