import { useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useSiteFormat } from '@tessera/shared/data-access-brand';
import { Button, Link, PageState, pageStatus, TableScroll } from '@tessera/shared/ui';
import styled from 'styled-components';
import type { CasinoHistoryResponse } from '@tessera/shared/contract-api';
import { casinoApi, casinoKeys } from './casino.api';
import { gameNameKey, useCasinoMoney } from './casino-format';
import type { CasinoKey } from '@tessera/shared/util-i18n';
import { useCasinoT } from './use-casino-t';

const StyledWrap = styled(TableScroll)`
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: ${({ theme }) => theme.typography.size.small};
  }
`;
type HistoryRound = CasinoHistoryResponse['rounds'][number];

const PAGE = 20;

/**
 * The casino bets history of the office (`/office/casino`): every round newest first, in-house and external providers'
 * rounds together, with its time, game, provider, stake, win and round id. An in-house round's id links to its
 * fair-play proof; an external round lists the provider's wallet transactions (bet, win, rollback) with their ids, and
 * a rolled-back round or bet is marked. An open round is marked as open. Pages of 20 ("show more") across both.
 */
export function CasinoHistory() {
  const { tc, tcDynamic } = useCasinoT();
  const site = useSiteFormat();
  const money = useCasinoMoney();
  const client = useApiClient();
  const history = useInfiniteQuery({
    queryKey: casinoKeys.history(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => client.send(casinoApi.history, { limit: PAGE, cursor: pageParam }, { signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const gameName = (r: HistoryRound) => r.gameName ?? tcDynamic(gameNameKey(r.gameId), r.gameId);
  const winOf = (r: HistoryRound) => {
    if (r.status === 'rolled-back') return tc('casino:history.rolledBack');
    return r.win === null || r.status === 'open' ? tc('casino:history.open') : money(r.win, r.currency);
  };
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
        <StyledWrap $nowrap>
          <table>
            <caption>{tc('casino:history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{tc('casino:history.time')}</th>
                <th scope="col">{tc('casino:history.game')}</th>
                <th scope="col">{tc('casino:history.provider')}</th>
                <th scope="col">{tc('casino:history.stake')}</th>
                <th scope="col">{tc('casino:history.win')}</th>
                <th scope="col">{tc('casino:history.round')}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr key={`${r.source}:${r.provider.slug}:${r.roundId}`}>
                  <td>{site.dateTime(r.createdAt)}</td>
                  <td>{gameName(r)}</td>
                  <td>{r.provider.name}</td>
                  <td data-number>{money(r.stake, r.currency)}</td>
                  <td data-number>{winOf(r)}</td>
                  <td>
                    {r.source === 'in-house' ? (
                      <Link
                        to={`/casino/verify?round=${encodeURIComponent(r.roundId)}`}
                        aria-label={tc('casino:history.proof', { round: r.roundId })}
                      >
                        {r.roundId.slice(0, 8)}
                      </Link>
                    ) : (
                      <>
                        <span>{r.roundId}</span>
                        <ul aria-label={tc('casino:history.transactions', { round: r.roundId })}>
                          {r.transactions.map((t) => (
                            <li key={t.transactionId}>
                              {tc(`casino:history.kind.${t.kind}` as CasinoKey)} {money(t.amount, r.currency)} ·{' '}
                              <span title={t.platformTransactionId}>{t.transactionId}</span>
                              {t.status === 'rolled-back' ? ` (${tc('casino:history.rolledBack')})` : ''}
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
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
