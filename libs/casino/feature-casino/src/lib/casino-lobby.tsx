import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useBrand } from '@tessera/shared/data-access-brand';
import { Button, Field, Input, Link, PageState, pageStatus, Select, Skeleton } from '@tessera/shared/ui';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { casinoApi, casinoKeys, type CasinoGameEntry } from './casino.api';
import { GameThumb } from './game-thumb';
import { VirtualGrid } from './virtual-grid';
import { useCasinoT } from './use-casino-t';

// minmax(0, 1fr) and min-inline-size: 0 keep the scrolling category row from widening the page on a phone.
const StyledLobby = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  min-inline-size: 0;
  > * {
    min-inline-size: 0;
  }
`;

const StyledCategories = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0 0 ${({ theme }) => theme.space(1)};
  list-style: none;
  overflow-x: auto;
  li {
    flex: none;
  }
`;

const StyledFilters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: 1fr;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: 2fr 1fr 1fr;
  }
`;

const StyledCard = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  /* One height per row (the grid stretches the card); the content stays at the top. */
  block-size: 100%;
  align-content: start;
  min-inline-size: 0;
  h3,
  p {
    margin: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  h3 {
    font-size: ${({ theme }) => theme.typography.size.base};
  }
  p {
    color: ${({ theme }) => theme.color.text.muted};
    font-size: ${({ theme }) => theme.typography.size.small};
  }
`;

const StyledThumb = styled.div`
  position: relative;
`;

const StyledBadge = styled.span`
  position: absolute;
  inset-block-start: ${({ theme }) => theme.space(1)};
  inset-inline-start: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.base};
  color: ${({ theme }) => theme.color.text.base};
  font-size: ${({ theme }) => theme.typography.size.small};
  font-weight: ${({ theme }) => theme.typography.weight.bold};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const StyledEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  color: ${({ theme }) => theme.color.text.muted};
  text-align: center;
`;

/** Props of {@link CasinoLobby}. */
export interface CasinoLobbyProps {
  /** The visitor is signed in: real play and favourites (the app knows the session; features do not share it). */
  signedIn: boolean;
}

const SEARCH_MAX = 100;

/** The player's recently played games: a category of the lobby's own, kept by the server as the casino history. */
const RECENT = { slug: 'recent', langKey: 'casino:lobby.recent', order: 0 };
/** Categories no game names: the lobby computes them. */
const VIRTUAL = new Set(['all', 'favourite', 'new', 'recent']);

/**
 * The lobby (`/casino`): the categories, providers and tags of this site and country, search, filters and the
 * player's favourites kept on the server; every game opens for real money (signed in) or for play money where demo
 * play is offered. The choice lives in the address (`?category=&q=&provider=&tag=`), so a filtered lobby can be
 * shared and the back button restores it.
 */
export function CasinoLobby({ signedIn }: CasinoLobbyProps) {
  const { tc, tcDynamic } = useCasinoT();
  // The tournaments page is linked where the brand runs any (modules.casino.tournaments).
  const hasTournaments = Object.values(useBrand().config.modules.casino.tournaments ?? {}).some((t) => t.enabled);
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const catalogue = useQuery({
    queryKey: casinoKeys.catalogue(),
    queryFn: ({ signal }) => client.send(casinoApi.catalogue, {}, { signal }),
  });
  const favourites = useQuery({
    queryKey: casinoKeys.favourites(),
    queryFn: ({ signal }) => client.send(casinoApi.favourites, {}, { signal }),
    enabled: signedIn,
  });
  // Recently played: the games of the player's latest rounds, newest first (the casino history, kept on the server).
  const recent = useQuery({
    queryKey: casinoKeys.recent(),
    queryFn: ({ signal }) => client.send(casinoApi.history, { limit: 100 }, { signal }),
    enabled: signedIn,
    select: (data) => [...new Set(data.rounds.map((r) => r.gameId))],
  });
  const toggle = useMutation({
    mutationFn: ({ gameId, favourite }: { gameId: string; favourite: boolean }) =>
      client.send(casinoApi.setFavourite(gameId), { favourite }),
    onSuccess: (data) => queryClient.setQueryData(casinoKeys.favourites(), data),
  });

  const category = params.get('category') ?? 'all';
  const search = (params.get('q') ?? '').slice(0, SEARCH_MAX);
  const provider = params.get('provider') ?? '';
  const tag = params.get('tag') ?? '';
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'q', preventScrollReset: true },
    );

  const favouriteIds = useMemo(() => new Set(favourites.data?.gameIds ?? []), [favourites.data]);
  const shown = useMemo(() => {
    const all = catalogue.data?.games ?? [];
    const recentIds = recent.data ?? [];
    const games = category === 'recent' ? recentIds.flatMap((id) => all.filter((g) => g.id === id)) : all;
    const needle = search.trim().toLocaleLowerCase();
    return games.filter((g) => {
      if (category === 'favourite' && !favouriteIds.has(g.id)) return false;
      if (category === 'new' && !g.isNew) return false;
      if (!VIRTUAL.has(category) && !g.categories.includes(category)) return false;
      if (provider && String(g.provider) !== provider) return false;
      if (tag && !g.tags.includes(tag)) return false;
      if (
        needle &&
        !tcDynamic(g.nameKey, g.name ?? g.id)
          .toLocaleLowerCase()
          .includes(needle) &&
        !g.id.includes(needle)
      )
        return false;
      return true;
    });
  }, [catalogue.data, category, favouriteIds, provider, recent.data, search, tag, tcDynamic]);
  const providerNames = useMemo(
    () => new Map((catalogue.data?.providers ?? []).map((p) => [p.id, p.name])),
    [catalogue.data],
  );

  const data = catalogue.data;
  const listed = (data?.categories ?? []).filter((c) => signedIn || c.slug !== 'favourite');
  // "Recently played" is the player's own, so it comes first, before the site's categories.
  const categories = signedIn && listed.length > 0 ? [RECENT, ...listed] : listed;
  return (
    <StyledLobby>
      <PageState
        status={pageStatus(catalogue, data !== undefined && !data.enabled)}
        loadingLabel={tc('casino:lobby.loading')}
        rows={4}
        rowHeight="9rem"
        errorText={tc('casino:lobby.error')}
        retryLabel={tc('casino:lobby.retry')}
        onRetry={() => void catalogue.refetch()}
        emptyText={tc('casino:lobby.closed')}
      >
        <nav aria-label={tc('casino:lobby.categories')}>
          <StyledCategories>
            {categories.map((c) => (
              <li key={c.slug}>
                <Button
                  variant={category === c.slug ? 'primary' : 'secondary'}
                  size="small"
                  aria-pressed={category === c.slug}
                  onClick={() => set('category', c.slug === 'all' ? '' : c.slug)}
                >
                  {c.slug === RECENT.slug ? tc('casino:lobby.recent') : tcDynamic(c.langKey, c.slug)}
                </Button>
              </li>
            ))}
          </StyledCategories>
        </nav>
        {hasTournaments ? <Link to="/casino/tournaments">{tc('casino:tournaments.link')}</Link> : null}
        <StyledFilters role="search">
          <Field label={tc('casino:lobby.search')}>
            <Input
              type="search"
              maxLength={SEARCH_MAX}
              value={search}
              placeholder={tc('casino:lobby.searchHint')}
              onChange={(e) => set('q', e.currentTarget.value)}
            />
          </Field>
          <Field label={tc('casino:lobby.provider')}>
            <Select value={provider} onChange={(e) => set('provider', e.currentTarget.value)}>
              <option value="">{tc('casino:lobby.allProviders')}</option>
              {(data?.providers ?? []).map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={tc('casino:lobby.tag')}>
            <Select value={tag} onChange={(e) => set('tag', e.currentTarget.value)}>
              <option value="">{tc('casino:lobby.allTags')}</option>
              {(data?.tags ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {tcDynamic(t.langKey, t.id)}
                </option>
              ))}
            </Select>
          </Field>
        </StyledFilters>
        <p role="status" aria-live="polite">
          {tc('casino:lobby.count', { count: shown.length })}
        </p>
        {category === 'recent' && recent.isPending ? (
          <Skeleton count={2} height="9rem" label={tc('casino:lobby.loading')} />
        ) : shown.length === 0 ? (
          <StyledEmpty>
            {category === 'favourite'
              ? tc('casino:lobby.noFavourites')
              : category === 'recent' && !search && !provider && !tag
                ? tc('casino:lobby.noRecent')
                : tc('casino:lobby.noMatch')}
          </StyledEmpty>
        ) : (
          <VirtualGrid
            items={shown}
            label={tc('casino:lobby.games')}
            itemKey={(g) => g.id}
            renderItem={(g) => (
              <GameCard
                game={g}
                signedIn={signedIn}
                providerName={providerNames.get(g.provider) ?? ''}
                favourite={favouriteIds.has(g.id)}
                onFavourite={(favourite) => toggle.mutate({ gameId: g.id, favourite })}
                favouriteBusy={toggle.isPending && toggle.variables?.gameId === g.id}
              />
            )}
          />
        )}
        {signedIn ? (
          <StyledActions>
            <Link to="/office/casino">{tc('casino:history.title')}</Link>
            <Link to="/casino/verify">{tc('casino:fair.title')}</Link>
          </StyledActions>
        ) : (
          <StyledActions>
            <Link to="/casino/verify">{tc('casino:fair.title')}</Link>
          </StyledActions>
        )}
      </PageState>
    </StyledLobby>
  );
}

interface GameCardProps {
  game: CasinoGameEntry;
  signedIn: boolean;
  providerName: string;
  favourite: boolean;
  favouriteBusy: boolean;
  onFavourite: (favourite: boolean) => void;
}

function GameCard({ game, signedIn, providerName, favourite, favouriteBusy, onFavourite }: GameCardProps) {
  const { tc, tcDynamic } = useCasinoT();
  // An external provider's game carries its published name (ADR 0345).
  const name = tcDynamic(game.nameKey, game.name ?? game.id);
  return (
    <StyledCard aria-label={name}>
      <StyledThumb>
        <GameThumb gameId={game.id} kind={game.kind} />
        {game.isNew ? <StyledBadge>{tc('casino:lobby.newBadge')}</StyledBadge> : null}
      </StyledThumb>
      <h3 title={name}>{name}</h3>
      <p title={providerName}>{providerName}</p>
      <p>{tc('casino:game.rtpShort', { rtp: game.rtpPercent })}</p>
      <StyledActions>
        {signedIn ? (
          <Link
            to={`/casino/game/${game.id}`}
            variant="primary"
            size="small"
            aria-label={tc('casino:lobby.playNamed', { name })}
          >
            {tc('casino:lobby.play')}
          </Link>
        ) : null}
        {game.demo ? (
          <Link
            to={`/casino/game/${game.id}?mode=demo`}
            variant={signedIn ? 'ghost' : 'primary'}
            size="small"
            aria-label={tc('casino:lobby.demoNamed', { name })}
          >
            {tc('casino:lobby.demo')}
          </Link>
        ) : null}
        {signedIn ? (
          <Button
            variant="ghost"
            size="small"
            aria-pressed={favourite}
            disabled={favouriteBusy}
            aria-label={tc(favourite ? 'casino:lobby.unfavourite' : 'casino:lobby.favourite', { name })}
            onClick={() => onFavourite(!favourite)}
          >
            {favourite ? '★' : '☆'}
          </Button>
        ) : null}
      </StyledActions>
    </StyledCard>
  );
}
