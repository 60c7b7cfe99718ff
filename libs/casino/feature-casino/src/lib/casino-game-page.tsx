import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Link, PageState, pageStatus } from '@tessera/shared/ui';
import styled from 'styled-components';
import { casinoApi, casinoKeys, errorCodeOf, statusOf, type CasinoLaunchResponse } from './casino.api';
import { useCasinoMoney } from './casino-format';
import { BlackjackGame } from './blackjack-game';
import { CrashGame } from './crash-game';
import { GameFrame, GameFrameBar } from './game-frame';
import { GameHelp } from './game-help';
import { PlaySessionLine } from './play-session';
import { RouletteGame } from './roulette-game';
import { refusalDetail, roundErrorKey, useRoundPlayer } from './round-player';
import { SlotGame } from './slot-game';
import { useCasinoT } from './use-casino-t';

const StyledAlert = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-inline-start: 4px solid ${({ theme }) => theme.color.status.danger.base};
  background: ${({ theme }) => theme.color.surface.raised};
`;

const StyledFair = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.text.muted};
  font-size: ${({ theme }) => theme.typography.size.small};
  overflow-wrap: anywhere;
`;

/** Props of {@link CasinoGamePage}. */
export interface CasinoGamePageProps {
  gameId: string;
  /** Play money instead of the wallet. */
  demo: boolean;
  signedIn: boolean;
}

/**
 * A game in its frame (`/casino/game/:gameId`, `?mode=demo` for play money): the name, the balance (the wallet's or
 * the play money's), the way back to the lobby, the game, its rules and help with the RTP, and the round's fair-play
 * values. The launch brings back an unfinished round, so a reload resumes it.
 */
export function CasinoGamePage({ gameId, demo, signedIn }: CasinoGamePageProps) {
  const { tc } = useCasinoT();
  const client = useApiClient();
  const mode = demo || !signedIn ? 'demo' : 'real';
  const launch = useQuery({
    queryKey: casinoKeys.launch(gameId, mode),
    queryFn: ({ signal }) => client.send(casinoApi.launch(gameId), { mode }, { signal }),
    // Launched afresh on every visit: the open round it brings back must be the one as it stands now.
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const missing = errorCodeOf(launch.error) === 1807 || statusOf(launch.error) === 404;
  const demoOff = statusOf(launch.error) === 403;
  return (
    <GameFrame>
      <PageState
        status={pageStatus(launch)}
        loadingLabel={tc('casino:game.loading')}
        rows={3}
        rowHeight="6rem"
        errorText={missing ? tc('casino:game.notHere') : demoOff ? tc('casino:game.demoOff') : tc('casino:game.error')}
        retryLabel={missing || demoOff ? undefined : tc('casino:lobby.retry')}
        onRetry={missing || demoOff ? undefined : () => void launch.refetch()}
      >
        {launch.data ? <LaunchedGame launch={launch.data} /> : null}
      </PageState>
    </GameFrame>
  );
}

function LaunchedGame({ launch }: { launch: CasinoLaunchResponse }) {
  const { tc, tcDynamic } = useCasinoT();
  const money = useCasinoMoney();
  const player = useRoundPlayer(launch.game.id, launch);
  const name = tcDynamic(launch.game.nameKey, launch.game.id);
  const kind = launch.game.kind;
  const round = player.round;
  const detail = refusalDetail(player.error);
  return (
    <>
      <GameFrameBar
        name={name}
        note={player.mode === 'demo' ? tc('casino:demo.badge') : undefined}
        balance={player.balance === undefined ? '…' : money(player.balance, player.currency)}
        actions={
          player.mode === 'demo' ? (
            <Button variant="ghost" size="small" onClick={player.resetDemo}>
              {tc('casino:demo.reset')}
            </Button>
          ) : null
        }
      />
      {player.mode === 'demo' ? (
        <p>{tc('casino:demo.note')}</p>
      ) : (
        <PlaySessionLine roundKey={round?.status === 'settled' ? (round.roundId ?? null) : null} />
      )}
      {player.error ? (
        <StyledAlert role="alert">
          {tc(roundErrorKey(player.error))}
          {detail ? ` ${detail}` : ''}
        </StyledAlert>
      ) : null}
      {kind === 'slot' ? <SlotGame launch={launch} player={player} /> : null}
      {kind === 'roulette' ? <RouletteGame launch={launch} player={player} /> : null}
      {kind === 'blackjack' ? <BlackjackGame launch={launch} player={player} /> : null}
      {kind === 'crash' ? <CrashGame launch={launch} player={player} /> : null}
      {round ? (
        <StyledFair>
          {tc('casino:fair.serverSeedHash')}: {round.serverSeedHash} · {tc('casino:fair.clientSeed')}:{' '}
          {round.clientSeed ?? '–'} · {tc('casino:fair.nonce')}: {round.nonce ?? 0}
          {round.serverSeed ? ` · ${tc('casino:fair.serverSeed')}: ${round.serverSeed}` : ''}
          {round.roundId ? (
            <>
              {' · '}
              <Link to={`/casino/verify?round=${encodeURIComponent(round.roundId)}`}>{tc('casino:fair.verify')}</Link>
            </>
          ) : null}
        </StyledFair>
      ) : launch.seed?.serverSeedHash ? (
        <StyledFair>
          {tc('casino:fair.serverSeedHash')}: {launch.seed.serverSeedHash}
        </StyledFair>
      ) : null}
      <GameHelp launch={launch} />
    </>
  );
}
