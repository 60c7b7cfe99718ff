import { useSiteFormat } from '@tessera/shared/data-access-brand';
import { useCallback } from 'react';
import { useCasinoT } from './use-casino-t';

/** Formats minor units as the site writes money; without a currency, as play money ("1,000.00 play credits"). */
export function useCasinoMoney(): (minor: number, currency: string | null) => string {
  const site = useSiteFormat();
  const { tc } = useCasinoT();
  return useCallback(
    (minor, currency) =>
      currency ? site.money(minor / 100, currency) : tc('casino:demo.amount', { amount: site.number(minor / 100, 2) }),
    [site, tc],
  );
}

/** A game's name key as the catalogue writes it, from its id (`aurora-gems` → `casino:games.auroraGems.name`). */
export function gameNameKey(gameId: string): string {
  return `casino:games.${gameId.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}.name`;
}
