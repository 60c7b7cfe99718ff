import {
  CASINO_GAMES,
  CRASH_TARGET_MAX,
  CRASH_TARGET_MIN,
  ROULETTE_MAX_BETS,
  ROULETTE_PAYOUTS,
  type CasinoGame,
  type CompiledSlot,
} from '@tessera/server/casino-games';
import type { CasinoCatalogueResponse, CasinoGameEntry } from '@tessera/shared/contract-api';
import type { CasinoModule } from '@tessera/shared/util-config';
import { externalEntries } from './external-catalogue';
import type { ExternalProviderConfig } from './external-provider';

/** A provider of games in the lobby. */
export interface CasinoProvider {
  id: number;
  slug: string;
  name: string;
}

/** The in-house games' provider (id 1 in `modules.casino.hiddenProviders`). */
export const IN_HOUSE_PROVIDER: CasinoProvider = { id: 1, slug: 'tessera', name: 'Tessera Originals' };

/** How the lobby files an in-house game: its first category is its own (switched off, the game is hidden). */
interface LobbyEntry {
  categories: readonly string[];
  tags: readonly string[];
  isNew: boolean;
}

const LOBBY: Readonly<Record<string, LobbyEntry>> = {
  'aurora-gems': {
    categories: ['slots', 'popular', 'new'],
    tags: ['free-spins', 'wilds', 'provably-fair'],
    isNew: true,
  },
  'harbour-fruits': { categories: ['slots', 'popular'], tags: ['free-spins', 'wilds', 'provably-fair'], isNew: false },
  'european-roulette': { categories: ['roulette', 'popular'], tags: ['table', 'provably-fair'], isNew: false },
  blackjack: { categories: ['blackjack'], tags: ['table', 'cards', 'provably-fair'], isNew: false },
  crash: { categories: ['crash-games', 'fast-games', 'new'], tags: ['instant', 'provably-fair'], isNew: true },
};

/** The categories every lobby has that no game names (the player's favourites, everything). */
const VIRTUAL_CATEGORIES = ['favourite', 'all'];

const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function lobbyOf(game: CasinoGame): LobbyEntry {
  return (
    LOBBY[game.info.id] ?? {
      categories: [game.info.kind === 'slot' ? 'slots' : game.info.kind],
      tags: [],
      isNew: false,
    }
  );
}

/** A game as the lobby lists it, or undefined where the settings hide it (its category off, its provider hidden). */
function entryOf(game: CasinoGame, settings: CasinoModule): CasinoGameEntry | undefined {
  const lobby = lobbyOf(game);
  const own = lobby.categories[0];
  if (!own || settings.categories[own]?.enabled !== true) return undefined;
  if (settings.hiddenProviders.includes(IN_HOUSE_PROVIDER.id)) return undefined;
  return {
    id: game.info.id,
    kind: game.info.kind,
    nameKey: game.info.nameKey,
    helpKey: game.info.helpKey,
    provider: IN_HOUSE_PROVIDER.id,
    categories: lobby.categories.filter((c) => settings.categories[c]?.enabled === true),
    tags: [...lobby.tags],
    isNew: lobby.isNew,
    rtpPercent: game.info.rtpPercent,
    rtpSource: game.info.rtpSource,
    maxWinMultiple: game.info.maxWinMultiple,
    demo: settings.demoMode,
  };
}

/**
 * The lobby of a brand in a country (README, "Catalogue"): the games its settings let through, the categories that
 * hold at least one of them (with the favourites and "all"), the providers and tags of those games.
 */
export function catalogueFor(
  settings: CasinoModule,
  /** External providers' games mixed in after the in-house ones (ADR 0345). */
  external: readonly ExternalProviderConfig[] = [],
): CasinoCatalogueResponse {
  const games = settings.enabled
    ? [
        ...[...CASINO_GAMES.values()].flatMap((g) => {
          const entry = entryOf(g, settings);
          return entry ? [entry] : [];
        }),
        ...externalEntries(external, settings),
      ]
    : [];
  const used = new Set(games.flatMap((g) => g.categories));
  const categories = Object.entries(settings.categories)
    .filter(([slug, c]) => c.enabled && (used.has(slug) || (games.length > 0 && VIRTUAL_CATEGORIES.includes(slug))))
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([slug, c]) => ({ slug, langKey: c.langKey ?? `casino:category.${camel(slug)}`, order: c.order }));
  const providers = [IN_HOUSE_PROVIDER, ...external]
    .map((p) => ({ id: p.id, slug: p.slug, name: p.name, games: games.filter((g) => g.provider === p.id).length }))
    .filter((p) => p.games > 0);
  const tags = [...new Set(games.flatMap((g) => g.tags))]
    .sort()
    .map((id) => ({ id, langKey: `casino:tags.${camel(id)}` }));
  return { enabled: settings.enabled && games.length > 0, demo: settings.demoMode, categories, providers, tags, games };
}

/** What a game page needs to lay out the game: the tables its help and controls show. */
export function gameRules(game: CasinoGame): Record<string, unknown> {
  const info = game.info;
  if (info.kind === 'slot' && 'slot' in game) {
    const d = (game as CasinoGame & { slot: CompiledSlot }).slot.definition;
    return {
      rows: d.rows,
      reels: d.reels.length,
      lines: d.lines,
      wild: d.wild,
      scatter: d.scatter,
      pays: d.pays,
      scatterPays: d.scatterPays,
      freeSpins: d.freeSpins,
      symbols: [...new Set(d.reels.flat())].sort(),
      stakeStep: d.lines.length,
    };
  }
  if (info.kind === 'roulette') return { payouts: ROULETTE_PAYOUTS, maxBets: ROULETTE_MAX_BETS, stakeStep: 1 };
  if (info.kind === 'crash') return { minTarget: CRASH_TARGET_MIN, maxTarget: CRASH_TARGET_MAX, stakeStep: 1 };
  return { stakeStep: 2, decks: 6, dealerStandsOnSoft17: true, blackjackPays: '3:2', insurancePays: '2:1' };
}
