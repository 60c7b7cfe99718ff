import { Button, Field, Select } from '@tessera/shared/ui';
import type { CasinoKey } from '@tessera/shared/util-i18n';
import { useState } from 'react';
import styled from 'styled-components';
import type { CasinoLaunchResponse } from './casino.api';
import { useCasinoMoney } from './casino-format';
import { StyledControls, StyledResult, StyledTable, stakeOptions } from './game-parts';
import type { RoundPlayer } from './round-player';
import { useCasinoT } from './use-casino-t';

type InsideType = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';
type OutsideType = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';

/** A bet on the layout as sent (`libs/server/casino-games` roulette: numbers for inside bets, index for columns/dozens). */
interface Bet {
  type: InsideType | OutsideType | 'column' | 'dozen';
  numbers?: number[];
  index?: number;
  amount: number;
}

const INSIDE: { type: InsideType; count: number }[] = [
  { type: 'straight', count: 1 },
  { type: 'split', count: 2 },
  { type: 'street', count: 3 },
  { type: 'corner', count: 4 },
  { type: 'sixLine', count: 6 },
];
const OUTSIDE: OutsideType[] = ['red', 'black', 'odd', 'even', 'low', 'high'];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

const StyledLayout = styled.div`
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(1)};
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(13, minmax(0, 1fr));
  }
  button {
    min-block-size: 2.75rem;
    min-inline-size: 0;
    padding: 0;
    border-radius: ${({ theme }) => theme.radii.small};
    border: 1px solid ${({ theme }) => theme.color.border.strong};
    background: ${({ theme }) => theme.color.surface.raised};
    color: ${({ theme }) => theme.color.text.base};
    font-weight: ${({ theme }) => theme.typography.weight.bold};
    font-variant-numeric: tabular-nums;
  }
  button[data-colour='red'] {
    border-block-end: 4px solid ${({ theme }) => theme.color.status.danger.base};
  }
  button[data-colour='black'] {
    border-block-end: 4px solid ${({ theme }) => theme.color.text.base};
  }
  button[data-colour='green'] {
    border-block-end: 4px solid ${({ theme }) => theme.color.status.success.base};
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.primary.base};
    color: ${({ theme }) => theme.color.primary.text};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
`;

const StyledOutside = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const colourOf = (n: number) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

/** Props of {@link RouletteGame}. */
export interface RouletteGameProps {
  launch: CasinoLaunchResponse;
  player: RoundPlayer;
}

/**
 * European roulette: every standard bet. Outside bets (red, black, odd, even, 1–18, 19–36, dozens, columns) are one
 * button each; an inside bet (straight, split, street, corner, six line) is built by choosing its type and then its
 * numbers on the layout. The server checks that the numbers form the bet (a split of two far numbers is refused).
 */
export function RouletteGame({ player }: RouletteGameProps) {
  const { tc } = useCasinoT();
  const money = useCasinoMoney();
  const currency = player.currency;
  const chips = stakeOptions(1);
  const [chip, setChip] = useState(chips[1] ?? 100);
  const [inside, setInside] = useState<InsideType>('straight');
  const [picked, setPicked] = useState<number[]>([]);
  const [bets, setBets] = useState<Bet[]>([]);
  const need = INSIDE.find((i) => i.type === inside)?.count ?? 1;
  const total = bets.reduce((s, b) => s + b.amount, 0);

  const pick = (n: number) => {
    if (inside === 'straight') {
      setBets((b) => [...b, { type: 'straight', numbers: [n], amount: chip }]);
      return;
    }
    setPicked((p) => {
      const next = p.includes(n) ? p.filter((x) => x !== n) : [...p, n];
      if (next.length === need) {
        setBets((b) => [...b, { type: inside, numbers: [...next].sort((a, c) => a - c), amount: chip }]);
        return [];
      }
      return next;
    });
  };
  const betName = (b: Bet): string => {
    const type = tc(`casino:bets.${b.type}` as CasinoKey);
    if (b.numbers) return `${type} ${b.numbers.join('-')}`;
    if (b.index) return `${type} ${b.index}`;
    return type;
  };
  const outcome = player.round?.outcome as
    { pocket: number; color: string; win: number; stake: number } | null | undefined;

  return (
    <StyledTable aria-label={tc('casino:roulette.table')}>
      <StyledResult role="status" aria-live="polite">
        {player.busy
          ? tc('casino:roulette.spinning')
          : outcome
            ? `${tc('casino:roulette.pocket', { pocket: outcome.pocket, colour: tc(`casino:roulette.${outcome.color}` as CasinoKey) })} ${
                outcome.win > 0
                  ? tc('casino:game.won', { amount: money(outcome.win, currency) })
                  : tc('casino:game.noWin')
              }`
            : ''}
      </StyledResult>
      <StyledControls>
        <Field label={tc('casino:roulette.chip')}>
          <Select value={String(chip)} onChange={(e) => setChip(Number(e.currentTarget.value))}>
            {chips.map((o) => (
              <option key={o} value={String(o)}>
                {money(o, currency)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={tc('casino:roulette.betType')}>
          <Select
            value={inside}
            onChange={(e) => {
              setInside(e.currentTarget.value as InsideType);
              setPicked([]);
            }}
          >
            {INSIDE.map((i) => (
              <option key={i.type} value={i.type}>
                {tc(`casino:bets.${i.type}` as CasinoKey)}
              </option>
            ))}
          </Select>
        </Field>
      </StyledControls>
      <p id="roulette-pick-hint">{tc('casino:roulette.pickHint', { count: need })}</p>
      <StyledLayout role="group" aria-label={tc('casino:roulette.layout')} aria-describedby="roulette-pick-hint">
        {Array.from({ length: 37 }, (_, n) => (
          <button
            key={n}
            type="button"
            data-colour={colourOf(n)}
            aria-pressed={picked.includes(n)}
            aria-label={tc('casino:roulette.number', { n, colour: tc(`casino:roulette.${colourOf(n)}` as CasinoKey) })}
            onClick={() => pick(n)}
          >
            {n}
          </button>
        ))}
      </StyledLayout>
      <StyledOutside role="group" aria-label={tc('casino:roulette.outside')}>
        {OUTSIDE.map((type) => (
          <Button
            key={type}
            variant="secondary"
            size="small"
            onClick={() => setBets((b) => [...b, { type, amount: chip }])}
          >
            {tc(`casino:bets.${type}` as CasinoKey)}
          </Button>
        ))}
        {(['dozen', 'column'] as const).flatMap((type) =>
          [1, 2, 3].map((index) => (
            <Button
              key={`${type}${index}`}
              variant="secondary"
              size="small"
              onClick={() => setBets((b) => [...b, { type, index, amount: chip }])}
            >
              {tc(`casino:bets.${type}` as CasinoKey)} {index}
            </Button>
          )),
        )}
      </StyledOutside>
      <section aria-label={tc('casino:roulette.yourBets')}>
        <h3>{tc('casino:roulette.yourBets')}</h3>
        {bets.length === 0 ? (
          <p>{tc('casino:roulette.noBets')}</p>
        ) : (
          <ul>
            {bets.map((b, i) => (
              <li key={i}>
                {betName(b)} · {money(b.amount, currency)}{' '}
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={tc('casino:roulette.remove', { bet: betName(b) })}
                  onClick={() => setBets((all) => all.filter((_, j) => j !== i))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p>{tc('casino:roulette.total', { amount: money(total, currency) })}</p>
      </section>
      <StyledControls>
        <Button
          loading={player.busy}
          disabled={player.busy || bets.length === 0}
          onClick={() => void player.play({ bets })}
        >
          {tc('casino:roulette.spin')}
        </Button>
        <Button variant="ghost" disabled={bets.length === 0} onClick={() => setBets([])}>
          {tc('casino:roulette.clear')}
        </Button>
      </StyledControls>
    </StyledTable>
  );
}
