import { Button, Checkbox, Field, Select } from '@tessera/shared/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { errorCodeOf, type CasinoLaunchResponse } from './casino.api';
import { useCasinoMoney } from './casino-format';
import { useSymbolName } from './game-help';
import { StyledControls, StyledResult, StyledTable, stakeOptions } from './game-parts';
import type { RoundPlayer } from './round-player';
import {
  AUTOPLAY_COUNTS,
  AUTOPLAY_PAUSE_MS,
  celebrates,
  nextSpinAt,
  REEL_SPIN_MS,
  slotPlayOf,
  TURBO_SPIN_MS,
} from './slot-pacing';
import { useCasinoT } from './use-casino-t';

interface Spin {
  window: string[][];
  lineWins: { line: number; symbol: string; count: number; win: number }[];
  scatters: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  win: number;
}

interface SlotOutcome {
  stake: number;
  base: Spin;
  freeSpins: Spin[];
  win: number;
}

const turning = keyframes`
  from { transform: translateY(-0.35rem); opacity: 0.45; }
  to { transform: translateY(0.35rem); opacity: 0.8; }
`;

const pop = keyframes`
  0% { transform: scale(0.6); opacity: 0; }
  60% { transform: scale(1.08); opacity: 1; }
  100% { transform: scale(1); opacity: 1; }
`;

// The reels read left to right on every brand: lines pay from the first reel on the left (the help says so).
const StyledReels = styled.div<{ $spinning: boolean }>`
  direction: ltr;
  display: grid;
  inline-size: 100%;
  max-inline-size: 40rem;
  margin-inline: auto;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(1)};
  ol {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    place-items: center;
    min-block-size: 3.25rem;
    padding: ${({ theme }) => theme.space(1)};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.color.surface.raised};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    font-size: ${({ theme }) => theme.typography.size.small};
    text-align: center;
    overflow-wrap: anywhere;
  }
  li[data-win='true'] {
    border: 2px solid ${({ theme }) => theme.color.accent.base};
    font-weight: ${({ theme }) => theme.typography.weight.bold};
  }
  ${({ $spinning }) =>
    $spinning &&
    css`
      li > span {
        animation: ${turning} 0.12s linear infinite alternate;
      }
      @media (prefers-reduced-motion: reduce) {
        li > span {
          animation: none;
        }
      }
    `}
`;

const StyledCelebration = styled.span`
  display: inline-block;
  margin-inline-end: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.accent.base};
  color: ${({ theme }) => theme.color.accent.text};
  font-weight: ${({ theme }) => theme.typography.weight.bold};
  animation: ${pop} 0.4s ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const StyledPace = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.typography.size.small};
  color: ${({ theme }) => theme.color.text.muted};
  progress {
    inline-size: 100%;
    block-size: 0.5rem;
    accent-color: ${({ theme }) => theme.color.accent.base};
  }
  p {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

/** Props of {@link SlotGame}. */
export interface SlotGameProps {
  launch: CasinoLaunchResponse;
  player: RoundPlayer;
}

interface Timing {
  /** When the reels stop and the result shows. */
  revealAt: number;
  /** When the next spin may start. */
  readyAt: number;
  /** When the spin that set this began. */
  startedAt: number;
}

const IDLE: Timing = { revealAt: 0, readyAt: 0, startedAt: 0 };

/**
 * A video slot: five reels of three rows, 20 lines. The site's slot settings (`modules.casino.slots`, the launch's
 * `rules.play`) decide the controls: the shortest time between spins (UK 2.5 s, Germany 5 s) holds the spin button with
 * a countdown and a progress bar; autoplay (a number of spins, stopped by the player or a refusal) and turbo / quick
 * stop appear only where the site offers them; a win not larger than the stake is celebrated only where the site
 * allows it, else shown plainly as a return. Winning lines are marked and listed, free spins listed with their wins.
 */
export function SlotGame({ launch, player }: SlotGameProps) {
  const { tc } = useCasinoT();
  const money = useCasinoMoney();
  const symbolName = useSymbolName(launch.game.id);
  const step = Number(launch.rules['stakeStep'] ?? 20);
  const lines = (launch.rules['lines'] as number[][] | undefined) ?? [];
  const play = slotPlayOf(launch.rules);
  // Only the stakes the site allows a spin here (DEGGL-SLOT-2: at most 1 euro); the server refuses a larger one anyway.
  const ceiling = player.currency ? play.maxStakeMinor[player.currency] : undefined;
  const allowed = stakeOptions(step).filter((o) => ceiling === undefined || o <= ceiling);
  const options = allowed.length > 0 ? allowed : [step];
  const [stake, setStake] = useState(options[0] ?? step);
  const [turbo, setTurbo] = useState(false);
  const [autoCount, setAutoCount] = useState<number>(AUTOPLAY_COUNTS[0]);
  const [autoLeft, setAutoLeft] = useState(0);
  const [timing, setTiming] = useState<Timing>(IDLE);
  const [now, setNow] = useState(() => Date.now());
  const spinning = useRef(false);

  // The clock ticks only while something waits (the reels, the countdown).
  const waitingUntil = Math.max(timing.revealAt, timing.readyAt);
  useEffect(() => {
    if (now >= waitingUntil) return;
    const id = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(id);
  }, [now, waitingUntil]);

  const revealMs = play.turbo && turbo ? TURBO_SPIN_MS : REEL_SPIN_MS;
  const spin = useCallback(async () => {
    if (spinning.current) return false;
    spinning.current = true;
    const startedAt = Date.now();
    setTiming({ startedAt, revealAt: startedAt + revealMs, readyAt: startedAt + Math.max(revealMs, play.minSpinMs) });
    setNow(startedAt);
    const played = await player.play({ stake });
    const answeredAt = Date.now();
    spinning.current = false;
    if (!played) {
      setTiming({ startedAt, revealAt: answeredAt, readyAt: answeredAt + (play.minSpinMs > 0 ? play.minSpinMs : 0) });
      setNow(answeredAt);
      return false;
    }
    setTiming((t) => ({ ...t, readyAt: nextSpinAt({ startedAt, answeredAt, revealMs }, play.minSpinMs) }));
    setNow(answeredAt);
    return true;
  }, [play.minSpinMs, player, revealMs, stake]);

  // Autoplay: the next spin starts once the last one is shown and the minimum has passed; a refusal ends it.
  const error = player.error;
  useEffect(() => {
    if (autoLeft <= 0 || player.busy || spinning.current) return;
    if (error) {
      setAutoLeft(0);
      return;
    }
    const due = Math.max(timing.readyAt, timing.revealAt + AUTOPLAY_PAUSE_MS) - Date.now();
    const id = setTimeout(
      () => {
        setAutoLeft((n) => Math.max(0, n - 1));
        void spin().then((ok) => {
          if (!ok) setAutoLeft(0);
        });
      },
      Math.max(0, due),
    );
    return () => clearTimeout(id);
  }, [autoLeft, error, player.busy, spin, timing]);

  const revealed = !player.busy && now >= timing.revealAt;
  const outcome = revealed ? (player.round?.outcome as SlotOutcome | null | undefined) : undefined;
  const base = outcome?.base;
  const winning = new Set<string>();
  for (const w of base?.lineWins ?? []) {
    const line = lines[w.line];
    if (line) for (let reel = 0; reel < w.count; reel++) winning.add(`${reel}:${line[reel]}`);
  }
  const currency = player.currency;
  const celebrate = outcome ? celebrates(outcome.win, outcome.stake, play) : false;
  const result = outcome
    ? outcome.win > 0
      ? celebrate
        ? tc('casino:game.won', { amount: money(outcome.win, currency) })
        : tc('casino:slot.returnedOf', { amount: money(outcome.win, currency), stake: money(outcome.stake, currency) })
      : tc('casino:game.noWin')
    : '';
  const waitMs = Math.max(0, timing.readyAt - now);
  const counting = play.minSpinMs > 0 && waitMs > 0 && timing.startedAt > 0;
  const autoplaying = autoLeft > 0;
  const ready = !player.busy && waitMs <= 0;
  const showReels = !revealed && timing.startedAt > 0;

  return (
    <StyledTable aria-label={tc('casino:slot.reels')}>
      <StyledReels role="group" aria-label={tc('casino:slot.window')} aria-busy={showReels} $spinning={showReels}>
        {Array.from({ length: 5 }, (_, reel) => (
          <ol key={reel} aria-label={tc('casino:slot.reel', { n: reel + 1 })}>
            {Array.from({ length: 3 }, (_, row) => {
              const symbol = revealed
                ? (player.round?.outcome as SlotOutcome | undefined)?.base.window[reel]?.[row]
                : undefined;
              return (
                <li key={row} data-win={winning.has(`${reel}:${row}`) ? 'true' : 'false'}>
                  <span>{symbol ? symbolName(symbol) : '·'}</span>
                </li>
              );
            })}
          </ol>
        ))}
      </StyledReels>
      <StyledResult role="status" aria-live="polite">
        {revealed ? (
          <>
            {celebrate ? (
              <StyledCelebration role="img" aria-label={tc('casino:slot.celebration')}>
                {tc('casino:slot.celebration')}
              </StyledCelebration>
            ) : null}
            {result}
          </>
        ) : (
          tc('casino:slot.spinning')
        )}
      </StyledResult>
      {base && base.lineWins.length > 0 ? (
        <ul aria-label={tc('casino:slot.lineWins')}>
          {base.lineWins.map((w) => (
            <li key={w.line}>
              {tc('casino:slot.lineWin', {
                line: w.line + 1,
                count: w.count,
                symbol: symbolName(w.symbol),
                amount: money(w.win, currency),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {outcome && outcome.freeSpins.length > 0 ? (
        <section aria-label={tc('casino:slot.freeSpinsPlayed', { count: outcome.freeSpins.length })}>
          <p>{tc('casino:slot.freeSpinsPlayed', { count: outcome.freeSpins.length })}</p>
          <ol>
            {outcome.freeSpins.map((f, i) => (
              <li key={i}>{f.win > 0 ? money(f.win, currency) : tc('casino:game.noWin')}</li>
            ))}
          </ol>
        </section>
      ) : null}
      <StyledControls>
        <Field label={tc('casino:game.stake')}>
          <Select
            value={String(stake)}
            disabled={autoplaying}
            onChange={(e) => setStake(Number(e.currentTarget.value))}
          >
            {options.map((o) => (
              <option key={o} value={String(o)}>
                {money(o, currency)}
              </option>
            ))}
          </Select>
        </Field>
        <Button loading={player.busy} disabled={!ready || autoplaying} onClick={() => void spin()}>
          {tc('casino:slot.spin')}
        </Button>
        {play.turbo && showReels ? (
          <Button variant="secondary" onClick={() => setTiming((t) => ({ ...t, revealAt: Date.now() }))}>
            {tc('casino:slot.quickStop')}
          </Button>
        ) : null}
        {play.turbo ? (
          <Checkbox
            label={tc('casino:slot.turbo')}
            checked={turbo}
            onChange={(e) => setTurbo(e.currentTarget.checked)}
          />
        ) : null}
      </StyledControls>
      {play.autoplay ? (
        <StyledControls>
          <Field label={tc('casino:slot.autoplay')}>
            <Select
              value={String(autoCount)}
              disabled={autoplaying}
              onChange={(e) => setAutoCount(Number(e.currentTarget.value))}
            >
              {AUTOPLAY_COUNTS.map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </Select>
          </Field>
          {autoplaying ? (
            <Button variant="secondary" onClick={() => setAutoLeft(0)}>
              {tc('casino:slot.autoplayStop')}
            </Button>
          ) : (
            <Button variant="secondary" disabled={player.busy} onClick={() => setAutoLeft(autoCount)}>
              {tc('casino:slot.autoplayStart')}
            </Button>
          )}
          {autoplaying ? <p role="status">{tc('casino:slot.autoplayLeft', { count: autoLeft })}</p> : null}
        </StyledControls>
      ) : null}
      {play.minSpinMs > 0 ? (
        <StyledPace>
          <progress
            aria-label={tc('casino:slot.nextSpinLabel')}
            max={play.minSpinMs}
            value={counting ? play.minSpinMs - Math.min(waitMs, play.minSpinMs) : play.minSpinMs}
          />
          <p aria-live="off">
            {counting
              ? tc('casino:slot.nextSpin', { seconds: (Math.ceil(waitMs / 100) / 10).toFixed(1) })
              : tc('casino:slot.minSpin', { count: play.minSpinMs / 1000 })}
          </p>
        </StyledPace>
      ) : null}
    </StyledTable>
  );
}

/** Whether a failed spin was refused as too soon (the server's minimum between spins). */
export const spinTooSoon = (error: unknown) => errorCodeOf(error) === 1850;
