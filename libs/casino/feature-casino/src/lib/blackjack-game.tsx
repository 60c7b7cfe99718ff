import { Button, Field, Select } from '@tessera/shared/ui';
import type { CasinoKey } from '@tessera/shared/util-i18n';
import { useState } from 'react';
import styled from 'styled-components';
import type { BlackjackAction, CasinoLaunchResponse } from './casino.api';
import { useCasinoMoney } from './casino-format';
import { StyledControls, StyledResult, StyledTable, stakeOptions } from './game-parts';
import type { RoundPlayer } from './round-player';
import { useCasinoT } from './use-casino-t';

interface BlackjackView {
  phase: 'insurance' | 'player' | 'settled';
  dealer: (string | null)[];
  dealerTotal: number;
  hands: { cards: string[]; total: number; soft: boolean; stake: number; doubled: boolean; done: boolean }[];
  active: number;
  insurance: number;
  totalStake: number;
  allowed: BlackjackAction[];
  settlement?: { hands: { outcome: string; payout: number }[]; insurancePayout: number; win: number };
}

const StyledCards = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    place-items: center;
    inline-size: 2.75rem;
    block-size: 3.75rem;
    border-radius: ${({ theme }) => theme.radii.small};
    border: 1px solid ${({ theme }) => theme.color.border.strong};
    background: ${({ theme }) => theme.color.surface.base};
    font-weight: ${({ theme }) => theme.typography.weight.bold};
  }
`;

const StyledHand = styled.div<{ $active: boolean }>`
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.small};
  border: 2px solid ${({ theme, $active }) => ($active ? theme.color.accent.base : 'transparent')};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.typography.size.base};
  }
`;

const SUITS: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
const cardText = (card: string) => `${card.slice(0, -1)}${SUITS[card.slice(-1)] ?? ''}`;

/** Props of {@link BlackjackGame}. */
export interface BlackjackGameProps {
  launch: CasinoLaunchResponse;
  player: RoundPlayer;
}

/**
 * Blackjack: deal, then only the decisions the hand allows now (hit, stand, double, split, insurance), as the server
 * lists them. An unfinished hand comes back with the page (the launch's open round) and continues where it stopped.
 */
export function BlackjackGame({ player }: BlackjackGameProps) {
  const { tc } = useCasinoT();
  const money = useCasinoMoney();
  const currency = player.currency;
  const options = stakeOptions(2);
  const [stake, setStake] = useState(options[0] ?? 100);
  const view = player.round?.outcome as BlackjackView | null | undefined;
  const open = player.round?.status === 'open';
  const settled = view?.settlement;

  return (
    <StyledTable aria-label={tc('casino:blackjack.table')}>
      {view ? (
        <>
          <section aria-label={tc('casino:blackjack.dealer')}>
            <h3>{tc('casino:blackjack.dealerTotal', { total: view.dealerTotal })}</h3>
            <StyledCards>
              {view.dealer.map((c, i) => (
                <li key={i} aria-label={c ? cardText(c) : tc('casino:blackjack.hidden')}>
                  {c ? cardText(c) : '?'}
                </li>
              ))}
            </StyledCards>
          </section>
          {view.hands.map((h, i) => (
            <StyledHand
              key={i}
              $active={open && i === view.active}
              aria-current={open && i === view.active ? 'true' : undefined}
            >
              <h3>
                {tc('casino:blackjack.hand', { n: i + 1, total: h.total })} · {money(h.stake, currency)}
                {settled?.hands[i] ? ` · ${tc(`casino:outcomes.${settled.hands[i].outcome}` as CasinoKey)}` : ''}
              </h3>
              <StyledCards>
                {h.cards.map((c, j) => (
                  <li key={j}>{cardText(c)}</li>
                ))}
              </StyledCards>
            </StyledHand>
          ))}
        </>
      ) : null}
      <StyledResult role="status" aria-live="polite">
        {player.busy
          ? tc('casino:blackjack.dealing')
          : open
            ? view?.phase === 'insurance'
              ? tc('casino:blackjack.insuranceOffer')
              : tc('casino:blackjack.yourTurn')
            : settled
              ? settled.win > 0
                ? tc('casino:game.won', { amount: money(settled.win, currency) })
                : tc('casino:game.noWin')
              : ''}
      </StyledResult>
      {open && view ? (
        <StyledControls role="group" aria-label={tc('casino:blackjack.decisions')}>
          {view.allowed.map((a) => (
            <Button
              key={a}
              variant={a === 'stand' ? 'secondary' : 'primary'}
              disabled={player.busy}
              onClick={() => void player.act(a)}
            >
              {tc(`casino:actions.${a}` as CasinoKey)}
            </Button>
          ))}
        </StyledControls>
      ) : (
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
          <Button loading={player.busy} disabled={player.busy} onClick={() => void player.play({ stake })}>
            {tc('casino:blackjack.deal')}
          </Button>
        </StyledControls>
      )}
    </StyledTable>
  );
}
