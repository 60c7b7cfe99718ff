import { useT } from '@tessera/shared/data-access-brand';
import { CyberView, LineView, prefetchLineView } from '@tessera/sportsbook/feature-line';
import { useParams } from 'react-router';
// Types only: the server-data runner stays out of the client's chunks.
import type { ServerData } from '../app/server-data';
import { idParam, SportsbookPage, sportParam } from './sportsbook-page';

// The line's own chunk: the other sportsbook pages (game, championship, search, ...) are in sportsbook-pages.tsx,
// so the line page does not ship their code (apps/web README, "Start-up blocking time").

/** The line's first HTML: championships, games and odds of the sport in the address (ADR 0131); not the cyber section. */
export const lineServerData: ServerData = {
  kind: 'list',
  async prefetch({ params, queryClient, feed }) {
    const rest = params['*'];
    // `/line/cyber` is the cyber section, not the line.
    if ((rest ?? '').split('/')[0] === 'cyber') return;
    await prefetchLineView(queryClient, feed, { sportId: sportParam(rest) });
  },
};

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
