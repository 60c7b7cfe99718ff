import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input, Link, PageState, pageStatus, Select } from '@tessera/shared/ui';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { casinoApi, casinoKeys, type CasinoGameEntry } from './casino.api';
import { GameThumb } from './game-thumb';
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

const StyledGrid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  }
`;

const StyledCard = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.base};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.text.muted};
    font-size: ${({ theme }) => theme.typography.size.small};
  }
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

/**
 * The lobby (`/casino`): the categories, providers and tags of this site and country, search, filters and the
 * player's favourites kept on the server; every game opens for real money (signed in) or for play money where demo
 * play is offered. The choice lives in the address (`?category=&q=&provider=&tag=`), so a filtered lobby can be
 * shared and the back button restores it.
 */
export function CasinoLobby({ signedIn }: CasinoLobbyProps) {
  const { tc, tcDynamic } = useCasinoT();
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
    const games = catalogue.data?.games ?? [];
    const needle = search.trim().toLocaleLowerCase();
    return games.filter((g) => {
      if (category === 'favourite' && !favouriteIds.has(g.id)) return false;
      if (category === 'new' && !g.isNew) return false;
      if (category !== 'all' && category !== 'favourite' && category !== 'new' && !g.categories.includes(category))
        return false;
      if (provider && String(g.provider) !== provider) return false;
      if (tag && !g.tags.includes(tag)) return false;
      if (needle && !tcDynamic(g.nameKey, g.id).toLocaleLowerCase().includes(needle) && !g.id.includes(needle))
        return false;
      return true;
    });
  }, [catalogue.data, category, favouriteIds, provider, search, tag, tcDynamic]);

  const data = catalogue.data;
  const categories = (data?.categories ?? []).filter((c) => signedIn || c.slug !== 'favourite');
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
                  {tcDynamic(c.langKey, c.slug)}
                </Button>
              </li>
            ))}
          </StyledCategories>
        </nav>
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
        {shown.length === 0 ? (
          <StyledEmpty>
            {category === 'favourite' ? tc('casino:lobby.noFavourites') : tc('casino:lobby.noMatch')}
          </StyledEmpty>
        ) : (
          <StyledGrid aria-label={tc('casino:lobby.games')}>
            {shown.map((g) => (
              <li key={g.id}>
                <GameCard
                  game={g}
                  signedIn={signedIn}
                  providerName={data?.providers.find((p) => p.id === g.provider)?.name ?? ''}
                  favourite={favouriteIds.has(g.id)}
                  onFavourite={(favourite) => toggle.mutate({ gameId: g.id, favourite })}
                  favouriteBusy={toggle.isPending && toggle.variables?.gameId === g.id}
                />
              </li>
            ))}
          </StyledGrid>
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
  const name = tcDynamic(game.nameKey, game.id);
  return (
    <StyledCard aria-label={name}>
      <GameThumb gameId={game.id} kind={game.kind} />
      <h3>{name}</h3>
      <p>
        {providerName} · {tc('casino:game.rtpShort', { rtp: game.rtpPercent })}
      </p>
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
