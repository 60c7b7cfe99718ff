import { useFeature, useT } from '@tessera/shared/data-access-brand';
import type { FeedSport } from '@tessera/sportsbook/data-access-feed';
import { FeedEmpty } from '@tessera/sportsbook/ui';
import { LineView } from './line-view';

const isCyber = (sport: FeedSport) => sport.kind === 'cyber';

/** Props of {@link CyberView}. */
export interface CyberViewProps {
  sportId?: number;
}

/** The cyber section: the line limited to cyber sports (40, 85, 86, 97, 4046, ...), when the brand offers them. */
export function CyberView({ sportId }: CyberViewProps) {
  const { t, language } = useT();
  const on = useFeature('betting.cyber');
  if (!on) return <FeedEmpty message={t('sportsbook:cyber.off')} />;
  return <LineView sportId={sportId} filter={isCyber} basePath={`/${language}/cyber`} />;
}
