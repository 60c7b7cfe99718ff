import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useFeature, useT } from '@tessera/shared/data-access-brand';
import { Skeleton } from '@tessera/shared/ui';
import type { HomeBlock, HomeBlocks as HomeBlocksSettings } from '@tessera/shared/util-config';
import {
  useFeedQueries,
  useLiveFeed,
  useSeedLive,
  type FeedGameRow,
  type FeedQueries,
} from '@tessera/sportsbook/data-access-feed';
import { FeedEmpty, FeedError, GameList } from '@tessera/sportsbook/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { LineGameRow } from './line-game-row';

/** The home page's block ids (bannerWidgets.homeBlocks). */
export type HomeBlockId = keyof HomeBlocksSettings;

/** A block the page shows: its id and how many items it lists. */
export interface HomeBlockPlan {
  id: HomeBlockId;
  limit: number;
}

/** Refetch interval of the live-now block while the push channel is down. */
const LIVE_NOW_POLL_MS = 5000;
/** Height of one game row, for the space a block reserves before its data arrives (no layout shift). */
const ROW_REM = 4.9;

/**
 * The blocks of the home page in the brand's order: the switched-on ones among `available` (a block whose section the
 * brand has off is not offered), lowest `order` first, ties by id.
 */
export function planHomeBlocks(settings: HomeBlocksSettings, available: (id: HomeBlockId) => boolean): HomeBlockPlan[] {
  return (Object.entries(settings) as [HomeBlockId, HomeBlock | undefined][])
    .filter((entry): entry is [HomeBlockId, HomeBlock] => entry[1]?.enabled !== false && entry[1] !== undefined)
    .filter(([id]) => available(id))
    .sort((a, b) => (a[1].order ?? 50) - (b[1].order ?? 50) || a[0].localeCompare(b[0]))
    .map(([id, block]) => ({ id, limit: block.limit ?? 6 }));
}

/**
 * Fills `queryClient` with what the first sportsbook block of the home page shows, with the same query options, so
 * the server renders the first screen complete and the browser hydrates it without fetching.
 */
export async function prefetchHomeBlocks(
  queryClient: QueryClient,
  queries: FeedQueries,
  plan: readonly HomeBlockPlan[],
): Promise<void> {
  const first = plan[0];
  if (!first) return;
  // No retries: a server render waits for these; a failure is left to the browser.
  if (first.id === 'liveNow')
    await queryClient.prefetchQuery({ ...queries.games('live', { count: first.limit }), retry: false });
  else if (first.id === 'featured')
    await queryClient.prefetchQuery({ ...queries.topGames('line', first.limit), retry: false });
  else if (first.id === 'topLeagues')
    await queryClient.prefetchQuery({ ...queries.topChamps('line', first.limit), retry: false });
}

const StyledBlock = styled.section`
  display: grid;
  /* No wider than the page: the casino strip scrolls inside its block rather than widening it. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  margin-block-end: ${({ theme }) => theme.space(6)};
`;

const StyledHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.large};
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  a {
    color: ${({ theme }) => theme.color.text.link};
    font-weight: 600;
    white-space: nowrap;
  }
`;

const StyledLiveDot = styled.span`
  inline-size: 0.6em;
  block-size: 0.6em;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.status.danger.base};
  @media (prefers-reduced-motion: no-preference) {
    animation: home-live-pulse 1.6s ease-in-out infinite;
  }
  @keyframes home-live-pulse {
    50% {
      opacity: 0.35;
    }
  }
`;

const StyledReserve = styled.div<{ $minRem: number }>`
  min-block-size: ${({ $minRem }) => `${$minRem}rem`};
`;

const StyledLeagues = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: grid;
    gap: ${({ theme }) => theme.space(0.5)};
    min-block-size: 3.5rem;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.medium};
    background: ${({ theme }) => theme.color.surface.base};
    color: ${({ theme }) => theme.color.text.base};
    text-decoration: none;
  }
  a:hover {
    border-color: ${({ theme }) => theme.color.primary.base};
  }
  strong {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

/** Space a block reserves before its content arrives, in rem: about its header and `rows` game rows. */
function reservedRem(rows: number): number {
  return 2.5 + rows * ROW_REM;
}

/**
 * Renders its children once the place comes near the screen (the blocks below the fold load as they scroll into view);
 * until then it holds the block's space with a skeleton, so nothing below moves.
 */
function WhenNear({
  eager,
  minRem,
  label,
  children,
}: {
  eager: boolean;
  minRem: number;
  label: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    if (near) return undefined;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <StyledReserve ref={ref} $minRem={near ? 0 : minRem}>
      {near ? children : <Skeleton label={label} count={3} height="2.75rem" width="100%" />}
    </StyledReserve>
  );
}

/** A block's heading with its "see all" link. */
function BlockHead({ id, title, to, live }: { id: string; title: string; to?: string | undefined; live?: boolean }) {
  const { t } = useT();
  return (
    <StyledHead>
      <h2 id={id}>
        {live ? <StyledLiveDot aria-hidden="true" /> : null}
        {title}
      </h2>
      {to ? (
        <Link to={to} aria-label={`${t('pages:home.seeAll')}: ${title}`}>
          {t('pages:home.seeAll')}
        </Link>
      ) : null}
    </StyledHead>
  );
}

function GameRows({ games }: { games: readonly FeedGameRow[] }) {
  return (
    <GameList>
      {games.map((game) => (
        <LineGameRow key={game.id} game={game} />
      ))}
    </GameList>
  );
}

/** Loading, error and empty states of a block's query, the same in every block. */
function BlockQuery<T>({
  query,
  rows,
  label,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  rows: number;
  label: string;
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT();
  if (query.isPending) return <Skeleton label={label} count={Math.min(rows, 4)} height="2.75rem" width="100%" />;
  if (query.isError || query.data === undefined)
    return (
      <FeedError
        message={t('pages:home.blockError')}
        retryLabel={t('pages:home.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  if (isEmpty(query.data)) return <FeedEmpty message={empty} />;
  return <>{children(query.data)}</>;
}

/** Live now: games in play with their score and moving main odds (one push subscription follows the live list). */
function LiveNowBlock({ limit }: { limit: number }) {
  const { t } = useT();
  const queries = useFeedQueries();
  const status = useLiveFeed({ live: true });
  const games = useQuery({
    ...queries.games('live', { count: limit }),
    refetchInterval: status !== 'push' ? LIVE_NOW_POLL_MS : false,
  });
  useSeedLive(games.data?.games, games.data?.version);
  return (
    <BlockQuery
      query={games}
      rows={limit}
      label={t('pages:home.liveNow')}
      empty={t('pages:home.liveEmpty')}
      isEmpty={(d) => d.games.length === 0}
    >
      {(d) => <GameRows games={d.games.slice(0, limit)} />}
    </BlockQuery>
  );
}

/** Featured matches: the line's top games with their main odds. */
function FeaturedBlock({ limit }: { limit: number }) {
  const { t } = useT();
  const queries = useFeedQueries();
  const games = useQuery(queries.topGames('line', limit));
  useSeedLive(games.data?.games, games.data?.version);
  return (
    <BlockQuery
      query={games}
      rows={limit}
      label={t('pages:home.featured')}
      empty={t('pages:home.featuredEmpty')}
      isEmpty={(d) => d.games.length === 0}
    >
      {(d) => <GameRows games={d.games.slice(0, limit)} />}
    </BlockQuery>
  );
}

/** Top leagues: the championships with the most games, each a link to its page. */
function TopLeaguesBlock({ limit }: { limit: number }) {
  const { t, language } = useT();
  const queries = useFeedQueries();
  const champs = useQuery(queries.topChamps('line', limit));
  return (
    <BlockQuery
      query={champs}
      rows={Math.ceil(limit / 2)}
      label={t('pages:home.topLeagues')}
      empty={t('pages:home.leaguesEmpty')}
      isEmpty={(d) => d.champs.length === 0}
    >
      {(d) => (
        <StyledLeagues>
          {d.champs.slice(0, limit).map((c) => (
            <li key={c.id}>
              <Link to={`/${language}/champ/${c.id}`}>
                <strong>{c.name}</strong>
                <small>
                  {c.sportName} · {c.countryName} · {t('pages:home.gamesIn', { count: c.gamesCount })}
                </small>
              </Link>
            </li>
          ))}
        </StyledLeagues>
      )}
    </BlockQuery>
  );
}

/** Props of {@link HomeBlocks}. */
export interface HomeBlocksProps {
  /** The blocks to show, in order ({@link planHomeBlocks}). */
  plan: readonly HomeBlockPlan[];
  /**
   * Blocks the app composes from other features (the casino strip): rendered in their place with their limit. A
   * block without a renderer here and outside the sportsbook's own is skipped.
   */
  extra?: Partial<Record<HomeBlockId, (limit: number) => ReactNode>>;
}

/**
 * The home page's blocks in the brand's order (bannerWidgets.homeBlocks): live now, featured matches, top leagues and
 * the app's extras. The first block renders at once (the server prefetches its data: {@link prefetchHomeBlocks}); the
 * others hold their space and load as they come near the screen.
 */
export function HomeBlocks({ plan, extra = {} }: HomeBlocksProps) {
  const { t, language } = useT();
  const lineOn = useFeature('betting.line');
  const liveOn = useFeature('betting.live');
  const titles: Record<HomeBlockId, string> = {
    liveNow: t('pages:home.liveNow'),
    featured: t('pages:home.featured'),
    topLeagues: t('pages:home.topLeagues'),
    casino: t('pages:home.casino'),
  };
  const links: Record<HomeBlockId, string | undefined> = {
    liveNow: liveOn ? `/${language}/live` : undefined,
    featured: lineOn ? `/${language}/line` : undefined,
    topLeagues: lineOn ? `/${language}/line` : undefined,
    casino: `/${language}/casino`,
  };
  const own: Partial<Record<HomeBlockId, (limit: number) => ReactNode>> = {
    ...(liveOn ? { liveNow: (limit: number) => <LiveNowBlock limit={limit} /> } : {}),
    ...(lineOn
      ? {
          featured: (limit: number) => <FeaturedBlock limit={limit} />,
          topLeagues: (limit: number) => <TopLeaguesBlock limit={limit} />,
        }
      : {}),
  };
  const shown = plan.filter((block) => own[block.id] ?? extra[block.id]);
  return (
    <>
      {shown.map((block, index) => {
        const render = (own[block.id] ?? extra[block.id]) as (limit: number) => ReactNode;
        const headingId = `home-block-${block.id}`;
        const rows = block.id === 'topLeagues' ? Math.ceil(block.limit / 2) : block.id === 'casino' ? 3 : block.limit;
        return (
          <StyledBlock key={block.id} aria-labelledby={headingId} data-block={block.id}>
            <BlockHead id={headingId} title={titles[block.id]} to={links[block.id]} live={block.id === 'liveNow'} />
            <WhenNear eager={index === 0} minRem={reservedRem(rows) - 2.5} label={titles[block.id]}>
              {render(block.limit)}
            </WhenNear>
          </StyledBlock>
        );
      })}
    </>
  );
}
