import { Button, Field, Select } from '@tessera/shared/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { CasinoLaunchResponse } from './casino.api';
import { useCasinoMoney } from './casino-format';
import { useSymbolName } from './game-help';
import { StyledControls, StyledResult, StyledTable, stakeOptions } from './game-parts';
import type { RoundPlayer } from './round-player';
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

const StyledReels = styled.div`
  display: grid;
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
`;

/** Props of {@link SlotGame}. */
export interface SlotGameProps {
  launch: CasinoLaunchResponse;
  player: RoundPlayer;
}

/**
 * A video slot: five reels of three rows, 20 lines; one button spins (no autoplay, no turbo: every spin is asked for
 * by the player). Where the site sets a shortest spin (`modules.casino.slots.minSpinSeconds`, UK 2.5 s, Germany 5 s),
 * the spin button waits that long after a spin starts. Winning lines are marked and listed, free spins played
 * after the paid spin are listed with their wins.
 */
export function SlotGame({ launch, player }: SlotGameProps) {
  const { tc } = useCasinoT();
  const money = useCasinoMoney();
  const symbolName = useSymbolName(launch.game.id);
  const step = Number(launch.rules['stakeStep'] ?? 20);
  const lines = (launch.rules['lines'] as number[][] | undefined) ?? [];
  const play = launch.rules['play'] as { minSpinSeconds?: number } | undefined;
  const minSpinMs = Math.round((play?.minSpinSeconds ?? 0) * 1000);
  const options = stakeOptions(step);
  const [stake, setStake] = useState(options[0] ?? step);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), minSpinMs);
    return () => clearTimeout(timer);
  }, [waiting, minSpinMs]);

  const outcome = player.round?.outcome as SlotOutcome | null | undefined;
  const spin = outcome?.base;
  const winning = new Set<string>();
  for (const w of spin?.lineWins ?? []) {
    const line = lines[w.line];
    if (line) for (let reel = 0; reel < w.count; reel++) winning.add(`${reel}:${line[reel]}`);
  }
  const currency = player.currency;
  const result = outcome
    ? outcome.win > 0
      ? outcome.win > outcome.stake
        ? tc('casino:game.won', { amount: money(outcome.win, currency) })
        : tc('casino:game.returned', { amount: money(outcome.win, currency) })
      : tc('casino:game.noWin')
    : '';

  return (
    <StyledTable aria-label={tc('casino:slot.reels')}>
      <StyledReels role="group" aria-label={tc('casino:slot.window')}>
        {Array.from({ length: 5 }, (_, reel) => (
          <ol key={reel} aria-label={tc('casino:slot.reel', { n: reel + 1 })}>
            {Array.from({ length: 3 }, (_, row) => {
              const symbol = spin?.window[reel]?.[row];
              return (
                <li key={row} data-win={winning.has(`${reel}:${row}`) ? 'true' : 'false'}>
                  {symbol ? symbolName(symbol) : '·'}
                </li>
              );
            })}
          </ol>
        ))}
      </StyledReels>
      <StyledResult role="status" aria-live="polite">
        {player.busy ? tc('casino:slot.spinning') : result}
      </StyledResult>
      {spin && spin.lineWins.length > 0 ? (
        <ul aria-label={tc('casino:slot.lineWins')}>
          {spin.lineWins.map((w) => (
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
          <Select value={String(stake)} onChange={(e) => setStake(Number(e.currentTarget.value))}>
            {options.map((o) => (
              <option key={o} value={String(o)}>
                {money(o, currency)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          loading={player.busy}
          disabled={player.busy || waiting}
          onClick={() => {
            if (minSpinMs > 0) setWaiting(true);
            void player.play({ stake });
          }}
        >
          {tc('casino:slot.spin')}
        </Button>
      </StyledControls>
      {minSpinMs > 0 ? <p>{tc('casino:slot.minSpin', { seconds: minSpinMs / 1000 })}</p> : null}
    </StyledTable>
  );
}
