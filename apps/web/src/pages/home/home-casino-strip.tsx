import { useQuery } from '@tanstack/react-query';
import { AccountApiProvider } from '@tessera/account/data-access-session';
import { casinoApi, casinoKeys, useCasinoT } from '@tessera/casino/feature-casino';
import { useT } from '@tessera/shared/data-access-brand';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Skeleton } from '@tessera/shared/ui';
import { FeedEmpty, FeedError } from '@tessera/sportsbook/ui';
import { Link } from 'react-router';
import styled from 'styled-components';

// The casino strip of the home page: its own lazy chunk (with the casino's copy), loaded when the block comes near the
// screen, so the home page's first screen never ships the casino's code.

const StyledStrip = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(9rem, 11rem);
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0 0 ${({ theme }) => theme.space(2)};
  list-style: none;
  overflow-x: auto;
  overscroll-behavior-inline: contain;
  scroll-snap-type: inline mandatory;
  li {
    scroll-snap-align: start;
  }
  a {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.text.base};
    text-decoration: none;
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

const StyledTile = styled.span<{ $hue: number }>`
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.color.primary.base},
    ${({ theme }) => theme.color.accent.base}
  );
  color: ${({ theme }) => theme.color.primary.text};
  font-size: 2rem;
  font-weight: 700;
  filter: hue-rotate(${({ $hue }) => $hue}deg);
`;

const MOTIF: Readonly<Record<string, string>> = { slot: '7', roulette: '0', blackjack: 'A♠', crash: '↗' };

function hue(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) % 360;
  return (h % 60) - 30;
}

function Strip({ limit }: { limit: number }) {
  const { t, language } = useT();
  const { tcDynamic } = useCasinoT();
  const client = useApiClient();
  const catalogue = useQuery({
    queryKey: casinoKeys.catalogue(),
    queryFn: ({ signal }) => client.send(casinoApi.catalogue, {}, { signal }),
  });
  if (catalogue.isPending) return <Skeleton label={t('pages:home.casino')} count={1} height="9rem" width="100%" />;
  if (catalogue.isError)
    return (
      <FeedError
        message={t('pages:home.blockError')}
        retryLabel={t('pages:home.retry')}
        onRetry={() => void catalogue.refetch()}
      />
    );
  const games = catalogue.data.enabled ? catalogue.data.games.slice(0, limit) : [];
  if (games.length === 0) return <FeedEmpty message={t('pages:home.casinoEmpty')} />;
  const providers = new Map(catalogue.data.providers.map((p) => [p.id, p.name]));
  return (
    <StyledStrip>
      {games.map((game) => {
        const name = tcDynamic(game.nameKey, game.name ?? game.id);
        return (
          <li key={game.id}>
            {/* Named by what it shows (the game and its provider), so speech input can say what is seen (WCAG 2.5.3). */}
            <Link to={`/${language}/casino/game/${encodeURIComponent(game.id)}`}>
              <StyledTile $hue={hue(game.id)} aria-hidden="true">
                {MOTIF[game.kind] ?? '★'}
              </StyledTile>
              <strong>{name}</strong>
              <small>{providers.get(game.provider) ?? ''}</small>
            </Link>
          </li>
        );
      })}
    </StyledStrip>
  );
}

/** A row of the lobby's games for the home page, each a link to its game page. */
export function HomeCasinoStrip({ limit }: { limit: number }) {
  return (
    <AccountApiProvider>
      <Strip limit={limit} />
    </AccountApiProvider>
  );
}
