import { Button, Field, Input, Select } from '@tessera/shared/ui';
import { useState } from 'react';
import type { CasinoLaunchResponse } from './casino.api';
import { useCasinoMoney } from './casino-format';
import { StyledControls, StyledResult, StyledTable, stakeOptions } from './game-parts';
import type { RoundPlayer } from './round-player';
import { useCasinoT } from './use-casino-t';

/** Props of {@link CrashGame}. */
export interface CrashGameProps {
  launch: CasinoLaunchResponse;
  player: RoundPlayer;
}

/**
 * Crash with the cash-out chosen before the round: the multiplier rises from 1.00× until it crashes; reaching the
 * player's multiplier pays the stake times it. The result says where it crashed and whether the cash-out was reached.
 */
export function CrashGame({ launch, player }: CrashGameProps) {
  const { tc } = useCasinoT();
  const money = useCasinoMoney();
  const currency = player.currency;
  const min = Number(launch.rules['minTarget'] ?? 101) / 100;
  const max = Number(launch.rules['maxTarget'] ?? 100_000) / 100;
  const options = stakeOptions(1);
  const [stake, setStake] = useState(options[1] ?? 100);
  const [target, setTarget] = useState('2.00');
  const value = Number(target);
  const valid = Number.isFinite(value) && value >= min && value <= max && /^\d+(\.\d{1,2})?$/.test(target);
  const outcome = player.round?.outcome as { crashPoint: number; target: number; win: number } | null | undefined;

  return (
    <StyledTable aria-label={tc('casino:games.crash.name')}>
      <StyledResult role="status" aria-live="polite">
        {player.busy
          ? tc('casino:crash.rising')
          : outcome
            ? `${tc('casino:crash.point', { point: (outcome.crashPoint / 100).toFixed(2) })} ${
                outcome.win > 0
                  ? tc('casino:game.won', { amount: money(outcome.win, currency) })
                  : tc('casino:game.noWin')
              }`
            : ''}
      </StyledResult>
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
        <Field
          label={tc('casino:crash.target')}
          hint={tc('casino:crash.targetHint', { min: min.toFixed(2), max: max.toFixed(0) })}
          error={valid ? undefined : tc('casino:crash.targetInvalid', { min: min.toFixed(2), max: max.toFixed(0) })}
        >
          <Input inputMode="decimal" value={target} onChange={(e) => setTarget(e.currentTarget.value.trim())} />
        </Field>
        <Button
          loading={player.busy}
          disabled={player.busy || !valid}
          onClick={() => void player.play({ stake, target: Math.round(value * 100) })}
        >
          {tc('casino:crash.play')}
        </Button>
      </StyledControls>
    </StyledTable>
  );
}
