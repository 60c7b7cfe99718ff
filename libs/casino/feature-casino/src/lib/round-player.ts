import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  casinoApi,
  casinoKeys,
  errorCodeOf,
  statusOf,
  WALLET_BALANCE_KEY,
  WALLET_KEY,
  type BlackjackAction,
  type CasinoDemoRound,
  type CasinoLaunchResponse,
  type CasinoRound,
} from './casino.api';
import type { CasinoKey } from '@tessera/shared/util-i18n';

/** A round as a game page shows it, whether for real money or play money. */
export interface PlayedRound {
  /** The round id (real play); demo rounds have none. */
  roundId: string | null;
  status: 'open' | 'settled';
  stake: number;
  win: number | null;
  step: number;
  outcome: Record<string, unknown> | null;
  /** A demo hand's sealed state. */
  token: string | null;
  serverSeedHash: string;
  /** Revealed at once in demo; real rounds reveal on rotation (the verify page). */
  serverSeed: string | null;
  clientSeed: string | null;
  nonce: number | null;
}

/** The play-money balance a guest starts with, minor units (1,000.00). */
export const DEMO_START_BALANCE = 100_000;
const DEMO_BALANCE_KEY = 'tessera.casino.demo.balance';
const pendingKey = (gameId: string) => `tessera.casino.pending.${gameId}`;
const demoHandKey = (gameId: string) => `tessera.casino.demo.hand.${gameId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function fromReal(r: CasinoRound): PlayedRound {
  return {
    roundId: r.roundId,
    status: r.status,
    stake: r.stake,
    win: r.win,
    step: r.step,
    outcome: r.outcome,
    token: null,
    serverSeedHash: r.serverSeedHash,
    serverSeed: null,
    clientSeed: r.clientSeed,
    nonce: r.nonce,
  };
}

function fromDemo(r: CasinoDemoRound): PlayedRound {
  return {
    roundId: null,
    status: r.status,
    stake: r.stake,
    win: r.win,
    step: r.step,
    outcome: r.outcome,
    token: r.token,
    serverSeedHash: r.serverSeedHash,
    serverSeed: r.serverSeed,
    clientSeed: r.clientSeed,
    nonce: 0,
  };
}

/** A new round id: what a retried request names so it cannot be played twice. */
export function newRoundId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** The message key for a failed round. */
export function roundErrorKey(error: unknown): CasinoKey {
  const code = errorCodeOf(error);
  if (code === 1806) return 'casino:errors.balance';
  if (code === 1808) return 'casino:errors.bet';
  if (code === 1804 || code === 1803) return 'casino:errors.moved';
  if (code === 1850) return 'casino:errors.tooSoon';
  if (code === 1851) return 'casino:errors.maxStake';
  const status = statusOf(error);
  if (status === 401) return 'casino:errors.signIn';
  if (status === 403) return 'casino:errors.refused';
  return 'casino:errors.generic';
}

/** The server's own sentence of a refusal (player protection names the limit), if it sent one. */
export function refusalDetail(error: unknown): string | undefined {
  const raw = (error as { body?: { raw?: unknown } } | null)?.body?.raw;
  const detail = typeof raw === 'object' && raw !== null ? (raw as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && statusOf(error) === 403 ? detail : undefined;
}

/** What {@link useRoundPlayer} gives a game. */
export interface RoundPlayer {
  mode: 'real' | 'demo';
  /** The current or last round. */
  round: PlayedRound | undefined;
  busy: boolean;
  error: unknown;
  /** The balance in minor units (the wallet's, or the play money's); undefined while loading. */
  balance: number | undefined;
  currency: string | null;
  play(bet: Record<string, unknown>): Promise<PlayedRound | undefined>;
  act(action: BlackjackAction): Promise<PlayedRound | undefined>;
  resetDemo(): void;
}

/**
 * Plays rounds of one game for real money or play money. Real rounds name a fresh round id kept in the session
 * storage until answered, so a page reloaded mid-request asks for that round and shows it (or learns it never
 * happened); an open hand comes back with the launch. Demo rounds move the browser's play money only, and an open
 * demo hand is kept the same way.
 */
export function useRoundPlayer(gameId: string, launch: CasinoLaunchResponse): RoundPlayer {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const mode = launch.mode;
  const [round, setRound] = useState<PlayedRound | undefined>(() =>
    launch.openRound ? fromReal(launch.openRound) : undefined,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [demoBalance, setDemoBalance] = useState<number | undefined>(undefined);
  const busyRef = useRef(false);

  const wallet = useQuery({
    queryKey: WALLET_BALANCE_KEY,
    queryFn: ({ signal }) => client.send(casinoApi.balance, {}, { signal }),
    enabled: mode === 'real',
    staleTime: 0,
  });
  const account = wallet.data?.accounts.find((a) => a.isActive) ?? wallet.data?.accounts[0];

  // After hydration: the play money and what a reload interrupted.
  useEffect(() => {
    const store = storage();
    if (mode === 'demo') {
      const kept = Number(store?.getItem(DEMO_BALANCE_KEY));
      setDemoBalance(
        Number.isSafeInteger(kept) && kept >= 0 && store?.getItem(DEMO_BALANCE_KEY) ? kept : DEMO_START_BALANCE,
      );
      const hand = store?.getItem(demoHandKey(gameId));
      if (hand) {
        try {
          setRound(JSON.parse(hand) as PlayedRound);
        } catch {
          store?.removeItem(demoHandKey(gameId));
        }
      }
      return;
    }
    const pending = store?.getItem(pendingKey(gameId));
    if (!pending || launch.openRound) return;
    let cancelled = false;
    client
      .send(casinoApi.round(pending), {})
      .then((found) => {
        if (!cancelled) setRound(fromReal(found));
        store?.removeItem(pendingKey(gameId));
        void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
      })
      .catch((e: unknown) => {
        // Never reached the server: nothing was played, nothing to resume.
        if (statusOf(e) === 404) store?.removeItem(pendingKey(gameId));
      });
    return () => {
      cancelled = true;
    };
  }, [client, gameId, launch.openRound, mode, queryClient]);

  const moveDemo = useCallback((delta: number) => {
    setDemoBalance((b) => {
      const next = Math.max(0, (b ?? DEMO_START_BALANCE) + delta);
      storage()?.setItem(DEMO_BALANCE_KEY, String(next));
      return next;
    });
  }, []);

  const run = useCallback(
    async (work: () => Promise<PlayedRound>): Promise<PlayedRound | undefined> => {
      if (busyRef.current) return undefined;
      busyRef.current = true;
      setBusy(true);
      setError(undefined);
      try {
        const next = await work();
        setRound(next);
        return next;
      } catch (e) {
        setError(e);
        return undefined;
      } finally {
        busyRef.current = false;
        setBusy(false);
        if (mode === 'real') {
          void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
          void queryClient.invalidateQueries({ queryKey: casinoKeys.recent() });
        }
      }
    },
    [mode, queryClient],
  );

  const keepDemoHand = (r: PlayedRound) => {
    const store = storage();
    if (r.status === 'open') store?.setItem(demoHandKey(gameId), JSON.stringify(r));
    else store?.removeItem(demoHandKey(gameId));
  };

  const play = (bet: Record<string, unknown>) =>
    run(async () => {
      if (mode === 'demo') {
        const r = fromDemo(await client.send(casinoApi.demoPlay, { gameId, bet }));
        if ((demoBalance ?? DEMO_START_BALANCE) < r.stake)
          throw Object.assign(new Error('demo balance'), { body: { raw: { error_code: 1806 } } });
        moveDemo((r.win ?? 0) - r.stake);
        keepDemoHand(r);
        return r;
      }
      const roundId = newRoundId();
      storage()?.setItem(pendingKey(gameId), roundId);
      try {
        return fromReal(await client.send(casinoApi.play, { roundId, gameId, bet }));
      } finally {
        storage()?.removeItem(pendingKey(gameId));
      }
    });

  const act = (action: BlackjackAction) =>
    run(async () => {
      const current = round;
      if (!current) throw new Error('no hand to act in');
      if (mode === 'demo') {
        if (!current.token) throw new Error('no demo hand');
        const r = fromDemo(await client.send(casinoApi.demoAct, { token: current.token, action }));
        moveDemo((r.status === 'settled' ? (r.win ?? 0) : 0) - (r.stake - current.stake));
        keepDemoHand(r);
        return r;
      }
      if (!current.roundId) throw new Error('no round id');
      return fromReal(await client.send(casinoApi.act(current.roundId), { step: current.step, action }));
    });

  return {
    mode,
    round,
    busy,
    error,
    balance: mode === 'demo' ? demoBalance : account ? Math.round(account.money * 100) : undefined,
    currency: mode === 'demo' ? null : (account?.iso ?? launch.currency),
    play,
    act,
    resetDemo: () => {
      storage()?.setItem(DEMO_BALANCE_KEY, String(DEMO_START_BALANCE));
      setDemoBalance(DEMO_START_BALANCE);
    },
  };
}
