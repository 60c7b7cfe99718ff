import { useT } from '@tessera/shared/data-access-brand';
import { VisuallyHidden } from '@tessera/shared/ui';
import {
  useLiveGame,
  useLiveStore,
  usePeriodName,
  type FeedGameRow,
  type FeedLiveState,
  type FeedMarket,
} from '@tessera/sportsbook/data-access-feed';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { clockText } from './clock-text';

/** Most key events the tracker keeps on screen (newest first). */
export const TRACKER_EVENTS = 12;

/** A moment of the match the tracker lists: a score, a period starting, a break. */
export type TrackerEvent =
  | { id: number; kind: 'score'; side: 'home' | 'away'; period: number; clock: number; home: number; away: number }
  | { id: number; kind: 'period'; period: number }
  | { id: number; kind: 'break'; period: number; home: number; away: number }
  | { id: number; kind: 'summary'; period: number; home: number; away: number };

/**
 * What changed between two states of the feed, as key events: each point scored (with the side, period and clock),
 * a new period, the clock stopping for a break. Pure, so it is tested on its own.
 */
export function trackerEvents(
  before: FeedLiveState | null,
  after: FeedLiveState | null,
  nextId: () => number,
): TrackerEvent[] {
  if (!after) return [];
  if (!before) return [];
  const found: TrackerEvent[] = [];
  if (after.period > before.period) found.push({ id: nextId(), kind: 'period', period: after.period });
  // A correction down (a goal taken back) is not an event; every point up is one, home first.
  let home = before.score.home;
  let away = before.score.away;
  while (home < after.score.home) {
    home += 1;
    found.push({
      id: nextId(),
      kind: 'score',
      side: 'home',
      period: after.period,
      clock: after.clockSeconds,
      home,
      away,
    });
  }
  while (away < after.score.away) {
    away += 1;
    found.push({
      id: nextId(),
      kind: 'score',
      side: 'away',
      period: after.period,
      clock: after.clockSeconds,
      home,
      away,
    });
  }
  if (before.clockRunning && !after.clockRunning && after.period === before.period)
    found.push({ id: nextId(), kind: 'break', period: after.period, home: after.score.home, away: after.score.away });
  return found.reverse();
}

/** The periods already played when the tracker opens, as summary events (newest first): what the feed tells of them. */
export function playedPeriods(live: FeedLiveState, nextId: () => number): TrackerEvent[] {
  return live.periodScores
    .slice(0, Math.max(0, live.period - 1))
    .map((score, index): TrackerEvent => ({ id: nextId(), kind: 'summary', period: index + 1, ...score }))
    .reverse();
}

/** True when no outcome of the market takes bets now (the live store's state, else the fetched market's). */
export function useMarketSuspended(market: FeedMarket): boolean {
  const store = useLiveStore();
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = market.outcomes.map((o) => store.subscribeOutcome(o.id, listener));
      return () => stops.forEach((stop) => stop());
    },
    [store, market.outcomes],
  );
  const fromProps = market.status !== 'open' || market.outcomes.every((o) => o.status !== 'open');
  const getSnapshot = () =>
    market.outcomes.length > 0 &&
    market.outcomes.every((o) => {
      const live = store.outcome(o.id);
      return live ? live.suspended : market.status !== 'open' || o.status !== 'open';
    });
  return useSyncExternalStore(subscribe, getSnapshot, () => fromProps);
}

/** The clock as it runs between the feed's updates: counts on by the second while the feed says it runs. */
function useRunningClock(live: FeedLiveState | null): number {
  const [extra, setExtra] = useState(0);
  const seconds = live?.clockSeconds ?? 0;
  const running = live?.clockRunning ?? false;
  useEffect(() => {
    setExtra(0);
    if (!running) return undefined;
    const started = Date.now();
    const timer = setInterval(() => setExtra(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [seconds, running]);
  return seconds + extra;
}

const StyledTracker = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  min-width: 0;
  h2,
  h3 {
    margin: 0;
    font-size: 1em;
  }
  h3 {
    color: ${({ theme }) => theme.color.text.muted};
    font-size: 0.9em;
  }
`;

const StyledBoard = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  text-align: center;
  > span[aria-hidden] {
    overflow-wrap: anywhere;
    font-weight: 600;
  }
`;

const StyledScore = styled.strong`
  font-size: 1.6em;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const StyledState = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

const StyledBadge = styled.span<{ $tone: 'live' | 'pause' | 'suspended' }>`
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.small};
  font-size: 0.85em;
  font-weight: 700;
  text-transform: uppercase;
  border: 1px solid currentColor;
  color: ${({ $tone, theme }) => ($tone === 'live' ? theme.color.odds.up : theme.color.text.base)};
`;

const StyledEvents = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }
  time,
  b {
    font-variant-numeric: tabular-nums;
    min-width: 3.5em;
  }
`;

const StyledStats = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  table-layout: fixed;
  th,
  td {
    padding: ${({ theme }) => theme.space(1)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
    text-align: center;
    overflow-wrap: anywhere;
  }
  th[scope='row'] {
    text-align: start;
    width: 40%;
  }
`;

/** Props of {@link MatchTracker}. */
export interface MatchTrackerProps {
  game: FeedGameRow;
  /** The game's main market (1X2 or winner): the tracker says when betting on the match is suspended, and why. */
  mainMarket?: FeedMarket | null;
}

/** A suspended market's reason in words, or the plain "suspended". */
function SuspendedBadge({ market }: { market: FeedMarket }) {
  const { t, tDynamic } = useT();
  const suspended = useMarketSuspended(market);
  if (!suspended) return null;
  const reason = market.suspendReason
    ? tDynamic(
        `sportsbook:tracker.suspendReason.${market.suspendReason.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`,
        '',
      )
    : '';
  return (
    <StyledBadge $tone="suspended" role="status">
      {reason ? t('sportsbook:tracker.suspendedBecause', { reason }) : t('sportsbook:odds.suspended')}
    </StyledBadge>
  );
}

/**
 * The match tracker of a live game: the score between the teams, the period and the running clock, whether the
 * match is on or at a break, the key events seen since the page opened (scores with their minute, new periods, breaks,
 * and the periods played before), and the score by period with the totals. Everything comes from the feed's live state;
 * new events are announced politely to screen readers.
 */
export function MatchTracker({ game, mainMarket }: MatchTrackerProps) {
  const { t } = useT();
  const periodName = usePeriodName();
  const state = useLiveGame(game);
  const live = state.live;
  const clock = useRunningClock(state.status === 'live' ? live : null);
  const headingId = useId();
  const counter = useRef(0);
  const nextId = () => (counter.current += 1);
  const [events, setEvents] = useState<TrackerEvent[]>(() => (live ? playedPeriods(live, nextId) : []));
  const previous = useRef(live);
  useEffect(() => {
    const before = previous.current;
    previous.current = live;
    if (before === live) return;
    const found = trackerEvents(before, live, () => (counter.current += 1));
    if (found.length > 0) setEvents((now) => [...found, ...now].slice(0, TRACKER_EVENTS));
  }, [live]);

  if (!live) return null;
  const home = game.home.name;
  const away = game.away.name;
  const finished = state.status === 'finished';
  const eventText = (event: TrackerEvent): string => {
    switch (event.kind) {
      case 'score':
        return t('sportsbook:tracker.scored', {
          team: event.side === 'home' ? home : away,
          score: `${event.home}:${event.away}`,
        });
      case 'period':
        return t('sportsbook:tracker.periodStarted', { period: periodName(game.sportId, event.period) });
      case 'break':
        return t('sportsbook:tracker.break', {
          period: periodName(game.sportId, event.period),
          score: `${event.home}:${event.away}`,
        });
      case 'summary':
        return t('sportsbook:tracker.periodScore', {
          period: periodName(game.sportId, event.period),
          score: `${event.home}:${event.away}`,
        });
    }
  };
  return (
    <StyledTracker aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sportsbook:tracker.title')}</h2>
      {/* Read as one sentence ("Score: Arsenal 1:0 Chelsea"); drawn as a scoreboard. */}
      <StyledBoard>
        <VisuallyHidden>
          {t('sportsbook:tracker.score', { home, away, score: `${live.score.home}:${live.score.away}` })}
        </VisuallyHidden>
        <span aria-hidden="true">{home}</span>
        <StyledScore aria-hidden="true" data-testid={`tracker-score-${game.id}`}>
          {live.score.home}:{live.score.away}
        </StyledScore>
        <span aria-hidden="true">{away}</span>
      </StyledBoard>
      <StyledState>
        {finished ? (
          <StyledBadge $tone="pause">{t('sportsbook:game.finished')}</StyledBadge>
        ) : (
          <StyledBadge $tone={live.clockRunning ? 'live' : 'pause'}>
            {live.clockRunning ? t('sportsbook:statistic.live') : t('sportsbook:tracker.paused')}
          </StyledBadge>
        )}
        <span>{periodName(game.sportId, live.period)}</span>
        <span>
          <VisuallyHidden>{t('sportsbook:statistic.clock')} </VisuallyHidden>
          <span data-testid={`tracker-clock-${game.id}`}>{clockText(clock)}</span>
        </span>
        {mainMarket && !finished ? <SuspendedBadge market={mainMarket} /> : null}
      </StyledState>
      <h3>{t('sportsbook:tracker.events')}</h3>
      {events.length === 0 ? (
        <p>{t('sportsbook:tracker.noEvents')}</p>
      ) : (
        <StyledEvents aria-live="polite" aria-relevant="additions">
          {events.map((event) => (
            <li key={event.id}>
              {event.kind === 'score' ? <b>{`${Math.floor(event.clock / 60) + 1}'`}</b> : <b aria-hidden="true">·</b>}
              <span>{eventText(event)}</span>
            </li>
          ))}
        </StyledEvents>
      )}
      {live.periodScores.length > 0 ? (
        <StyledStats>
          <caption>
            <VisuallyHidden>{t('sportsbook:statistic.periods')}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <td />
              {live.periodScores.map((_, index) => (
                <th key={index} scope="col">
                  {periodName(game.sportId, index + 1)}
                </th>
              ))}
              <th scope="col">{t('sportsbook:tracker.total')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{home}</th>
              {live.periodScores.map((p, index) => (
                <td key={index}>{p.home}</td>
              ))}
              <td>
                <strong>{live.score.home}</strong>
              </td>
            </tr>
            <tr>
              <th scope="row">{away}</th>
              {live.periodScores.map((p, index) => (
                <td key={index}>{p.away}</td>
              ))}
              <td>
                <strong>{live.score.away}</strong>
              </td>
            </tr>
          </tbody>
        </StyledStats>
      ) : null}
    </StyledTracker>
  );
}
