import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineCall } from '@tessera/shared/data-access-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import type { CasinoExternalLaunchResponse } from '@tessera/shared/contract-api';
import { PageState, pageStatus } from '@tessera/shared/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { casinoApi, casinoKeys, WALLET_KEY, type CasinoGameEntry } from './casino.api';
import { CasinoGamePage, type CasinoGamePageProps } from './casino-game-page';
import { useCasinoMoney } from './casino-format';
import { GameFrame, GameFrameBar } from './game-frame';
import { PlaySessionLine } from './play-session';
import { useCasinoT } from './use-casino-t';

/** POST /web-api/casino/games/{id}/external-launch: the provider's launch URL with a session token (ADR 0345). */
export const externalLaunchCall = (gameId: string) =>
  defineCall({
    url: `/web-api/casino/games/${encodeURIComponent(gameId)}/external-launch`,
    method: 'POST',
    body: {},
  }).returns<CasinoExternalLaunchResponse>();

const StyledGame = styled.iframe`
  inline-size: 100%;
  block-size: min(75vh, 640px);
  min-block-size: 420px;
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.text.muted};
  font-size: ${({ theme }) => theme.typography.size.small};
`;

/** What the provider's page may tell the frame (anything else, or from anywhere else, is ignored). */
type ProviderMessage =
  | { type: 'tessera:balance'; balance: number; currency: string }
  | { type: 'tessera:round'; roundId: string; stake: number; win: number; balance: number }
  | { type: 'tessera:ready' }
  | { type: 'tessera:error'; code: string };

function providerMessage(data: unknown): ProviderMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  if (message['type'] === 'tessera:balance')
    return typeof message['balance'] === 'number' && typeof message['currency'] === 'string'
      ? { type: 'tessera:balance', balance: message['balance'], currency: message['currency'] }
      : undefined;
  if (message['type'] === 'tessera:round')
    return typeof message['balance'] === 'number'
      ? {
          type: 'tessera:round',
          roundId: String(message['roundId']),
          stake: Number(message['stake']),
          win: Number(message['win']),
          balance: message['balance'],
        }
      : undefined;
  if (message['type'] === 'tessera:ready') return { type: 'tessera:ready' };
  if (message['type'] === 'tessera:error') return { type: 'tessera:error', code: String(message['code']) };
  return undefined;
}

/**
 * A game page for any catalogue game (`/casino/game/:gameId`): an external provider's game is framed
 * ({@link ExternalGamePage}); an in-house one is {@link CasinoGamePage}. Which it is comes from the catalogue (the
 * lobby's cached answer when the player comes from it).
 */
export function CasinoAnyGamePage(props: CasinoGamePageProps) {
  const { tc } = useCasinoT();
  const client = useApiClient();
  const catalogue = useQuery({
    queryKey: casinoKeys.catalogue(),
    queryFn: ({ signal }) => client.send(casinoApi.catalogue, undefined, { signal }),
    staleTime: 60_000,
  });
  const entry = catalogue.data?.games.find((g) => g.id === props.gameId);
  if (catalogue.isPending)
    return (
      <GameFrame>
        <PageState status="loading" loadingLabel={tc('casino:game.loading')} rows={3} rowHeight="6rem">
          {null}
        </PageState>
      </GameFrame>
    );
  if (entry?.external) {
    const provider = catalogue.data?.providers.find((p) => p.id === entry.provider);
    return <ExternalGamePage game={entry} providerName={provider?.name ?? ''} signedIn={props.signedIn} />;
  }
  // An in-house game, or one the catalogue does not list (the in-house page says it is not here).
  return <CasinoGamePage {...props} />;
}

/** Props of {@link ExternalGamePage}. */
export interface ExternalGamePageProps {
  game: CasinoGameEntry;
  providerName: string;
  signedIn: boolean;
}

/**
 * An external provider's game in the platform's frame (ADR 0345): the name, the provider, the balance, the way back
 * to the lobby, and the provider's page in an iframe opened with a short-lived session token. The page listens to
 * the frame's messages only from the provider's exact origin and from that frame; the site's CSP frame-src names the
 * provider. External games are played with real money only, so a guest is asked to sign in.
 */
export function ExternalGamePage({ game, providerName, signedIn }: ExternalGamePageProps) {
  const { tc } = useCasinoT();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const money = useCasinoMoney();
  const frame = useRef<HTMLIFrameElement>(null);
  const [balance, setBalance] = useState<{ amount: number; currency: string }>();
  // The provider's latest round: the session line reads the net position again after each one.
  const [lastRound, setLastRound] = useState<string | null>(null);
  const name = game.name ?? game.id;
  const launch = useQuery({
    queryKey: ['casino', 'external-launch', game.id],
    queryFn: ({ signal }) => client.send(externalLaunchCall(game.id), {}, { signal }),
    enabled: signedIn,
    // A token is for one opening: never reused from the cache, never fetched again behind the player's back.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const origin = launch.data?.origin;

  useEffect(() => {
    if (!origin) return undefined;
    const onMessage = (event: MessageEvent) => {
      // Exact origin and the game's own frame: another frame or window of the same provider cannot talk to it.
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const message = providerMessage(event.data);
      if (!message) return;
      if (message.type === 'tessera:balance') setBalance({ amount: message.balance, currency: message.currency });
      if (message.type === 'tessera:round') {
        setBalance((b) => (b ? { ...b, amount: message.balance } : b));
        setLastRound(message.roundId);
        // The header's balance is the wallet's: read again after a round.
        void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, queryClient]);

  return (
    <GameFrame>
      <GameFrameBar
        name={name}
        note={tc('casino:external.by', { provider: providerName })}
        balance={signedIn ? (balance ? money(balance.amount, balance.currency) : '…') : undefined}
      />
      {/* Session time and net position in the frame, as the in-house games show them (the reality check is the
          shell's dialog over every signed-in page, the provider's frame included). */}
      {signedIn ? <PlaySessionLine roundKey={lastRound} /> : null}
      {signedIn ? (
        <PageState
          status={pageStatus(launch)}
          loadingLabel={tc('casino:external.loading')}
          rows={1}
          rowHeight="420px"
          errorText={tc('casino:external.error')}
          retryLabel={tc('casino:lobby.retry')}
          onRetry={() => void launch.refetch()}
        >
          {launch.data ? (
            <StyledGame
              ref={frame}
              src={launch.data.url}
              title={tc('casino:external.frameTitle', { name, provider: providerName })}
              // The provider's page runs its own scripts on its own origin; nothing more (no top navigation, popups).
              sandbox="allow-scripts allow-same-origin"
              referrerPolicy="no-referrer"
              allow="fullscreen"
            />
          ) : null}
        </PageState>
      ) : (
        <p role="status">{tc('casino:external.signIn')}</p>
      )}
      <StyledNote>
        {tc('casino:external.help', { provider: providerName, rtp: game.rtpPercent, maxWin: game.maxWinMultiple })}
      </StyledNote>
    </GameFrame>
  );
}
