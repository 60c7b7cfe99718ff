import { useT } from '@tessera/shared/data-access-brand';
import { CyberView, LineView } from '@tessera/sportsbook/feature-line';
import { useParams } from 'react-router';
import { idParam, SportsbookPage } from './sportsbook-page';

// The line's own chunk: the other sportsbook pages (game, championship, search, ...) are in sportsbook-pages.tsx,
// so the line page does not ship their code (ADR 0095).

/** Pre-match line: `/:lng/line` and `/:lng/line/:sportId`; `/:lng/line/cyber` (the header's esports link) is the cyber section. */
export function LinePage() {
  const { t } = useT();
  const params = useParams();
  const [first, second] = (params['*'] ?? '').split('/');
  if (first === 'cyber') {
    return (
      <SportsbookPage title={t('sportsbook:cyber.title')}>
        <CyberView sportId={idParam(second)} />
      </SportsbookPage>
    );
  }
  return (
    <SportsbookPage title={t('pages:line.title')}>
      <LineView sportId={idParam(params['*'])} />
    </SportsbookPage>
  );
}

/** Cyber section: `/:lng/cyber` and `/:lng/cyber/:sportId`. */
export function CyberPage() {
  const { t } = useT();
  const params = useParams();
  return (
    <SportsbookPage title={t('sportsbook:cyber.title')}>
      <CyberView sportId={idParam(params['*'])} />
    </SportsbookPage>
  );
}
