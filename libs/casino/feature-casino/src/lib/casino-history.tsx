import { useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useSiteFormat } from '@tessera/shared/data-access-brand';
import { Button, Link, PageState, pageStatus } from '@tessera/shared/ui';
import styled from 'styled-components';
import { casinoApi, casinoKeys } from './casino.api';
import { gameNameKey, useCasinoMoney } from './casino-format';
import { useCasinoT } from './use-casino-t';

const StyledWrap = styled.div`
  overflow-x: auto;
  table {
    inline-size: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
    text-align: start;
    white-space: nowrap;
  }
  td[data-amount] {
    font-variant-numeric: tabular-nums;
  }
`;

const PAGE = 20;

/**
 * The casino bets history of the office (`/office/casino`): every round newest first with its time, game, stake, win
 * and round id, the id linking to its fair-play proof; an open hand is marked as open. Pages of 20, "show more".
 */
export function CasinoHistory() {
  const { tc, tcDynamic } = useCasinoT();
  const site = useSiteFormat();
  const money = useCasinoMoney();
  const client = useApiClient();
  const history = useInfiniteQuery({
    queryKey: casinoKeys.history(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => client.send(casinoApi.history, { limit: PAGE, before: pageParam }, { signal }),
    getNextPageParam: (last) =>
      last.rounds.length === PAGE ? last.rounds[last.rounds.length - 1]?.roundId : undefined,
  });
  const rounds = history.data?.pages.flatMap((p) => p.rounds) ?? [];
  return (
    <section aria-labelledby="casino-history">
      <h2 id="casino-history">{tc('casino:history.title')}</h2>
      <PageState
        status={pageStatus(history, rounds.length === 0)}
        loadingLabel={tc('casino:history.loading')}
        rows={5}
        errorText={tc('casino:history.error')}
        retryLabel={tc('casino:lobby.retry')}
        onRetry={() => void history.refetch()}
        emptyText={tc('casino:history.empty')}
      >
        <StyledWrap>
          <table>
            <caption>{tc('casino:history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{tc('casino:history.time')}</th>
                <th scope="col">{tc('casino:history.game')}</th>
                <th scope="col">{tc('casino:history.stake')}</th>
                <th scope="col">{tc('casino:history.win')}</th>
                <th scope="col">{tc('casino:history.round')}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr key={r.roundId}>
                  <td>{site.dateTime(r.createdAt)}</td>
                  <td>{tcDynamic(gameNameKey(r.gameId), r.gameId)}</td>
                  <td data-amount>{money(r.stake, r.currency)}</td>
                  <td data-amount>{r.win === null ? tc('casino:history.open') : money(r.win, r.currency)}</td>
                  <td>
                    <Link
                      to={`/casino/verify?round=${encodeURIComponent(r.roundId)}`}
                      aria-label={tc('casino:history.proof', { round: r.roundId })}
                    >
                      {r.roundId.slice(0, 8)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </StyledWrap>
        {history.hasNextPage ? (
          <Button variant="secondary" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {tc('casino:history.more')}
          </Button>
        ) : null}
      </PageState>
    </section>
  );
}
