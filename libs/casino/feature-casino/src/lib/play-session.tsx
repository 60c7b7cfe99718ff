import { useQuery } from '@tanstack/react-query';
import { defineCall, useApiClient } from '@tessera/shared/data-access-api';
import { useSiteConfig } from '@tessera/shared/data-access-brand';
import type { PlaySessionResponse } from '@tessera/shared/contract-api';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useCasinoMoney } from './casino-format';
import { useCasinoT } from './use-casino-t';

/** GET /web-api/responsible/session: player protection's session clock (the header reads the same). */
const sessionCall = defineCall({ url: '/web-api/responsible/session' }).returns<PlaySessionResponse>();

/** The session query's key: the game refreshes it after every round, so the net position follows the ledger. */
export const PLAY_SESSION_KEY = ['casino', 'play-session'] as const;

const StyledSession = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.small};
  font-variant-numeric: tabular-nums;
`;

function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The session time and net position inside the game frame, where the site asks for them (responsible.showSessionTimer,
 * showNetPosition; UKGC-NP-1): the header can scroll away on a phone, the frame stays in view while playing. The start
 * and the net position are the server's (every casino round counts in the session's loss), refreshed after each round.
 */
export function PlaySessionLine({ roundKey }: { roundKey: string | null }) {
  const { responsible } = useSiteConfig();
  const timer = responsible.showSessionTimer;
  const net = responsible.showNetPosition;
  return timer || net ? <SessionLine timer={timer} net={net} roundKey={roundKey} /> : null;
}

function SessionLine({ timer, net, roundKey }: { timer: boolean; net: boolean; roundKey: string | null }) {
  const { tc } = useCasinoT();
  const money = useCasinoMoney();
  const client = useApiClient();
  const session = useQuery({
    queryKey: [...PLAY_SESSION_KEY, roundKey],
    queryFn: ({ signal }) => client.send(sessionCall, {}, { signal }),
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timer) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [timer]);
  const data = session.data;
  if (!data) return null;
  const elapsed =
    new Date(data.serverTime).getTime() - new Date(data.startedAt).getTime() + Math.max(0, now - session.dataUpdatedAt);
  return (
    <StyledSession role="group" aria-label={tc('casino:frame.session')}>
      {timer ? <span>{tc('casino:frame.sessionTime', { time: clockText(elapsed) })}</span> : null}
      {net ? (
        <span>{tc('casino:frame.net', { amount: money(Math.round(data.netPosition * 100), data.currency) })}</span>
      ) : null}
    </StyledSession>
  );
}
