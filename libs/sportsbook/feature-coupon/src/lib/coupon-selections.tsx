import { useT } from '@tessera/shared/data-access-brand';
import { Select, VisuallyHidden } from '@tessera/shared/ui';
import { useCoupon } from '@tessera/sportsbook/data-access-coupon';
import { useFormatOdds } from '@tessera/sportsbook/data-access-feed';
import { couponGroups, selectionKey } from '@tessera/sportsbook/util-coupon';
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.sunken};
  &[data-blocked='true'] {
    opacity: 0.7;
  }
`;

const StyledText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(0.5)};
  min-width: 0;
  span {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

const StyledGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledOdds = styled.span`
  display: grid;
  justify-items: end;
  font-variant-numeric: tabular-nums;
  strong[data-move='up'] {
    color: ${({ theme }) => theme.color.odds.up};
  }
  strong[data-move='down'] {
    color: ${({ theme }) => theme.color.odds.down};
  }
  s {
    font-size: 0.8em;
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

const StyledBadge = styled.span`
  padding: ${({ theme }) => `${theme.space(0.5)} ${theme.space(1)}`};
  border: 1px solid ${({ theme }) => theme.color.status.danger.base};
  border-radius: ${({ theme }) => theme.radii.small};
  color: ${({ theme }) => theme.color.status.danger.base};
  font-size: 0.85em;
  font-weight: 700;
`;

const StyledRemove = styled.button`
  min-width: 32px;
  min-height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.small};
  background: transparent;
  color: inherit;
  cursor: pointer;
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
  }
`;

/** Props of {@link CouponSelections}. */
export interface CouponSelectionsProps {
  /** Called when the bettor removes the last selection (the list goes; the slip moves the focus to what replaces it). */
  onEmptied?: () => void;
}

/**
 * The coupon's selections: game, market and outcome, the current price (marked up or down, with the price before, while
 * a move is not accepted) or "suspended", and a remove button. A removed selection hands the focus to the remove button
 * now in its place (or the one before it), so a keyboard or screen-reader user is not dropped onto the page's body.
 */
export function CouponSelections({ onEmptied }: CouponSelectionsProps = {}) {
  const { t } = useT();
  const groupId = useId();
  const formatOdds = useFormatOdds();
  const { store, state } = useCoupon();
  const { coupon, labels } = state;
  const multi = coupon.betType === 'multi';
  const groups = couponGroups(coupon).length;
  const listRef = useRef<HTMLUListElement>(null);
  const removedAt = useRef<number | null>(null);
  const count = coupon.selections.length;
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    buttons[Math.min(at, buttons.length - 1)]?.focus();
  }, [count]);
  return (
    <StyledList ref={listRef} aria-label={t('coupon:panel.title')}>
      {coupon.selections.map((s, index) => {
        const key = selectionKey(s);
        const label = labels[key] ?? { home: s.gameId, away: '', market: s.marketId, outcome: s.outcomeId };
        return (
          <StyledItem key={`${key}:${s.group}`} data-blocked={s.blocked}>
            <StyledText>
              <span>{t('coupon:selection.game', { home: label.home, away: label.away })}</span>
              <small>{t('coupon:selection.pick', { market: label.market, outcome: label.outcome })}</small>
              {multi ? (
                // The label holds only its text (naming the game: every selection has one), so the select's name is
                // not followed by its chosen option.
                <StyledGroup>
                  <small>
                    <label htmlFor={`${groupId}-${key}`}>
                      {t('coupon:selection.group', { outcome: label.outcome, home: label.home, away: label.away })}
                    </label>
                  </small>
                  <Select
                    id={`${groupId}-${key}`}
                    value={s.group}
                    onChange={(event) => store.moveToGroup(key, Number(event.target.value))}
                  >
                    {Array.from({ length: Math.min(groups + 1, coupon.selections.length) }, (_, g) => (
                      <option key={g} value={g}>
                        {t('coupon:selection.groupOption', { n: g + 1 })}
                      </option>
                    ))}
                  </Select>
                </StyledGroup>
              ) : null}
            </StyledText>
            {s.blocked ? (
              <StyledBadge>{t('coupon:selection.suspended')}</StyledBadge>
            ) : (
              <SelectionOdds odds={s.odds} before={state.oddsChanges?.[s.outcomeId]} formatOdds={formatOdds} />
            )}
            <StyledRemove
              type="button"
              aria-label={t('coupon:selection.remove', { outcome: label.outcome, home: label.home, away: label.away })}
              data-remove=""
              onClick={() => {
                removedAt.current = index;
                if (count === 1) onEmptied?.();
                store.remove(key);
              }}
            >
              <span aria-hidden="true">×</span>
            </StyledRemove>
          </StyledItem>
        );
      })}
    </StyledList>
  );
}

/** A selection's price; after a move the bettor has not accepted, an arrow, the colour of the move and the price before. */
function SelectionOdds({
  odds,
  before,
  formatOdds,
}: {
  odds: number;
  before: number | undefined;
  formatOdds: (odds: number) => string;
}) {
  const { t } = useT();
  const move = before === undefined || before === odds ? null : odds > before ? 'up' : 'down';
  if (!move || before === undefined) {
    return (
      <StyledOdds>
        <strong>{formatOdds(odds)}</strong>
      </StyledOdds>
    );
  }
  const text = t(move === 'up' ? 'coupon:selection.oddsUp' : 'coupon:selection.oddsDown', {
    from: formatOdds(before),
    to: formatOdds(odds),
  });
  return (
    <StyledOdds data-move={move}>
      <strong data-move={move} aria-hidden="true">
        {move === 'up' ? '▲' : '▼'} {formatOdds(odds)}
      </strong>
      <s aria-hidden="true">{formatOdds(before)}</s>
      <VisuallyHidden>{text}</VisuallyHidden>
    </StyledOdds>
  );
}
