import type { BackofficeBetSelection } from '@tessera/shared/contract-api';
import type { ConsoleTranslate } from '../app/use-console-translate';

/** A selection in one line: the game's sides, the market and the outcome as the odds button named them (else ids). */
export function selectionText(
  t: ConsoleTranslate,
  selection: Pick<BackofficeBetSelection, 'home' | 'away' | 'market' | 'marketId' | 'outcome' | 'outcomeId'>,
): string {
  return t('backoffice-desks:bets.pick', {
    home: selection.home,
    away: selection.away,
    market: selection.market ?? selection.marketId,
    outcome: selection.outcome ?? selection.outcomeId,
  });
}
