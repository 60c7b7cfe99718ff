import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useSiteFormat } from '@tessera/shared/data-access-brand';
import type { CasinoTournamentEntry, CasinoTournamentSummary } from '@tessera/shared/contract-api';
import type { CasinoKey } from '@tessera/shared/util-i18n';
import { Link, PageState, pageStatus, TableScroll } from '@tessera/shared/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { casinoApi, casinoKeys, errorCodeOf } from './casino.api';
import { gameNameKey, useCasinoMoney } from './casino-format';
import { useCasinoT } from './use-casino-t';

/** The tournament refusal of an unknown id (libs/server/casino README, "Tournaments"). */
const TOURNAMENT_NOT_FOUND = 1860;
/** The leaderboard is read again this often while the page is open. */
const REFRESH_MS = 30_000;

const StyledPage = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h2,
  h3 {
    margin: 0;
  }
`;

const StyledTabs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.round};
  }
  a[aria-current='page'] {
    border-color: ${({ theme }) => theme.color.accent.base};
    font-weight: 600;
  }
`;

const StyledFacts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  section {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    align-content: start;
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
  }
  /* The prize's text names its place: no second number from the list. */
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  p {
    margin: 0;
  }
`;

const StyledCountdown = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.large};
  font-variant-numeric: tabular-nums;
`;

const StyledBoard = styled(TableScroll)`
  tr[data-me] {
    background: ${({ theme }) => theme.color.surface.raised};
    font-weight: 600;
  }
  tr[data-me] td:first-child {
    border-inline-start: 4px solid ${({ theme }) => theme.color.accent.base};
  }
`;
/** The clock, ticking every second while the page shows a countdown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const two = (n: number) => String(n).padStart(2, '0');

/** What is left until `target`, as days and hh:mm:ss. */
function remaining(target: string, now: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.floor((Date.parse(target) - now) / 1_000));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  return { days, clock: `${two(Math.floor(rest / 3_600))}:${two(Math.floor((rest % 3_600) / 60))}:${two(rest % 60)}` };
}

/** The countdown to the window's end (active) or start (upcoming), or when it ended. */
function Countdown({ tournament }: { tournament: CasinoTournamentSummary }) {
  const { tc } = useCasinoT();
  const site = useSiteFormat();
  const now = useNow();
  if (tournament.status === 'finished')
    return <p>{tc('casino:tournaments.ended', { date: site.dateTime(tournament.endsAt) })}</p>;
  const target = tournament.status === 'active' ? tournament.endsAt : tournament.startsAt;
  const key = tournament.status === 'active' ? 'casino:tournaments.endsIn' : 'casino:tournaments.startsIn';
  return (
    <StyledCountdown role="timer">
      {tc(key, { time: tc('casino:tournaments.countdown', remaining(target, now)) })}
    </StyledCountdown>
  );
}

/** A row of the leaderboard; the player's own is marked for eyes and for screen readers. */
function BoardRow({ entry, currency }: { entry: CasinoTournamentEntry; currency: string }) {
  const { tc } = useCasinoT();
  const money = useCasinoMoney();
  return (
    <tr data-me={entry.me ? '' : undefined} aria-current={entry.me ? 'true' : undefined}>
      <td data-number>{entry.rank}</td>
      <td>{entry.me ? `${entry.player} (${tc('casino:tournaments.you')})` : entry.player}</td>
      <td data-number>{entry.points}</td>
      <td data-number>{entry.prize === null ? '' : money(entry.prize, currency)}</td>
    </tr>
  );
}

/** One tournament: its window and countdown, prizes, scoring, qualifying games and the leaderboard. */
function TournamentDetail({ id, signedIn }: { id: string; signedIn: boolean }) {
  const { tc, tcDynamic } = useCasinoT();
  const site = useSiteFormat();
  const money = useCasinoMoney();
  const client = useApiClient();
  const detail = useQuery({
    queryKey: casinoKeys.tournament(id),
    queryFn: ({ signal }) => client.send(casinoApi.tournament(id), undefined, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const notFound = detail.isError && errorCodeOf(detail.error) === TOURNAMENT_NOT_FOUND;
  const data = detail.data;
  return (
    <PageState
      status={notFound ? 'empty' : pageStatus(detail, false)}
      loadingLabel={tc('casino:tournaments.loading')}
      rows={4}
      rowHeight="4rem"
      errorText={tc('casino:tournaments.error')}
      retryLabel={tc('casino:lobby.retry')}
      onRetry={() => void detail.refetch()}
      emptyText={tc('casino:tournaments.notFound')}
    >
      {data ? (
        <StyledPage as="article" aria-labelledby="tournament-name">
          <header>
            <h2 id="tournament-name">{data.tournament.name}</h2>
            <p>
              {tc(`casino:tournaments.status.${data.tournament.status}` as CasinoKey)} ·{' '}
              {tc('casino:tournaments.window', {
                start: site.dateTime(data.tournament.startsAt),
                end: site.dateTime(data.tournament.endsAt),
              })}
            </p>
            <Countdown tournament={data.tournament} />
          </header>
          <StyledFacts>
            <section aria-labelledby="tournament-prizes">
              <h3 id="tournament-prizes">{tc('casino:tournaments.prizes')}</h3>
              <ol>
                {data.tournament.prizes.map((p) => (
                  <li key={p.rank}>
                    {tc('casino:tournaments.prizeRank', {
                      rank: p.rank,
                      amount: money(p.amount, data.tournament.currency),
                    })}
                  </li>
                ))}
              </ol>
              {data.tournament.paid ? <p>{tc('casino:tournaments.paid')}</p> : null}
            </section>
            <section aria-labelledby="tournament-rules">
              <h3 id="tournament-rules">{tc('casino:tournaments.rules')}</h3>
              <p>
                {data.tournament.points.rule === 'stake'
                  ? tc('casino:tournaments.ruleStake', {
                      points: data.tournament.points.perUnit,
                      currency: data.tournament.currency,
                    })
                  : tc('casino:tournaments.ruleMultiplier', {
                      count: data.tournament.points.perUnit,
                      multiplier: data.tournament.points.minMultiplier,
                    })}
              </p>
              {data.tournament.minStake > 0 ? (
                <p>
                  {tc('casino:tournaments.minStake', {
                    amount: money(data.tournament.minStake, data.tournament.currency),
                  })}
                </p>
              ) : null}
              <p>{tc('casino:tournaments.autoEntry')}</p>
            </section>
            <section aria-labelledby="tournament-games">
              <h3 id="tournament-games">{tc('casino:tournaments.games')}</h3>
              <ul>
                {data.tournament.gameIds.map((gameId) => (
                  <li key={gameId}>
                    <Link to={`/casino/game/${encodeURIComponent(gameId)}`}>
                      {tcDynamic(gameNameKey(gameId), gameId)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </StyledFacts>
          <section aria-labelledby="tournament-board">
            <h3 id="tournament-board">{tc('casino:tournaments.leaderboard')}</h3>
            <p role="status">
              {!signedIn
                ? tc('casino:tournaments.signIn')
                : data.me
                  ? tc('casino:tournaments.myPosition', { rank: data.me.rank, count: data.me.points })
                  : tc('casino:tournaments.notRanked')}
            </p>
            {data.leaderboard.length === 0 ? (
              <p>{tc('casino:tournaments.noEntries')}</p>
            ) : (
              <StyledBoard $nowrap>
                <table>
                  <caption>{tc('casino:tournaments.leaderboard')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{tc('casino:tournaments.rank')}</th>
                      <th scope="col">{tc('casino:tournaments.player')}</th>
                      <th scope="col">{tc('casino:tournaments.points')}</th>
                      <th scope="col">{tc('casino:tournaments.prize')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.leaderboard.map((entry) => (
                      <BoardRow key={entry.rank} entry={entry} currency={data.tournament.currency} />
                    ))}
                    {data.me && !data.leaderboard.some((e) => e.me) ? (
                      <BoardRow entry={data.me} currency={data.tournament.currency} />
                    ) : null}
                  </tbody>
                </table>
              </StyledBoard>
            )}
          </section>
        </StyledPage>
      ) : null}
    </PageState>
  );
}

/** Props of {@link CasinoTournaments}. */
export interface CasinoTournamentsProps {
  /** The tournament shown; none: the first listed (the running one ending soonest). */
  tournamentId?: string;
  /** Signed in: the page says where the player stands. */
  signedIn: boolean;
}

/**
 * The casino's tournaments (`/casino/tournaments/:id?`): the brand's tournaments as links (running, coming, finished),
 * and the chosen one with its countdown, prizes, scoring, qualifying games and the leaderboard with the player's row
 * marked. Skeleton while loading, an error with retry, an empty state where the brand runs none.
 */
export function CasinoTournaments({ tournamentId, signedIn }: CasinoTournamentsProps) {
  const { tc } = useCasinoT();
  const client = useApiClient();
  const list = useQuery({
    queryKey: casinoKeys.tournaments(),
    queryFn: ({ signal }) => client.send(casinoApi.tournaments, undefined, { signal }),
  });
  const tournaments = list.data?.tournaments ?? [];
  const selected = tournamentId ?? tournaments[0]?.id;
  return (
    <StyledPage>
      <PageState
        status={pageStatus(list, tournaments.length === 0 && tournamentId === undefined)}
        loadingLabel={tc('casino:tournaments.loading')}
        rows={2}
        errorText={tc('casino:tournaments.error')}
        retryLabel={tc('casino:lobby.retry')}
        onRetry={() => void list.refetch()}
        emptyText={tc('casino:tournaments.empty')}
      >
        {tournaments.length > 0 ? (
          <nav aria-label={tc('casino:tournaments.list')}>
            <StyledTabs>
              {tournaments.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/casino/tournaments/${encodeURIComponent(t.id)}`}
                    aria-current={t.id === selected ? 'page' : undefined}
                  >
                    {t.name} · {tc(`casino:tournaments.status.${t.status}` as CasinoKey)}
                  </Link>
                </li>
              ))}
            </StyledTabs>
          </nav>
        ) : null}
        {selected ? <TournamentDetail id={selected} signedIn={signedIn} /> : null}
      </PageState>
    </StyledPage>
  );
}
