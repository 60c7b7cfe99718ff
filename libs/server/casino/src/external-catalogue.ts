import type { CasinoGameEntry } from '@tessera/shared/contract-api';
import type { CasinoModule } from '@tessera/shared/util-config';
import type { ExternalGameInfo, ExternalProviderConfig } from './external-provider';

const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * An external provider's game as the lobby lists it, or undefined where the settings hide it: its own category (the
 * first) switched off, or its provider in `modules.casino.hiddenProviders`. Its name is the provider's (`name`), not
 * translated; `external` tells the game page to frame the provider's launch URL.
 */
export function externalEntryOf(
  provider: ExternalProviderConfig,
  game: ExternalGameInfo,
  settings: CasinoModule,
): CasinoGameEntry | undefined {
  const own = game.categories[0];
  if (!own || settings.categories[own]?.enabled !== true) return undefined;
  if (settings.hiddenProviders.includes(provider.id)) return undefined;
  return {
    id: game.id,
    kind: game.kind,
    nameKey: `casino:external.${camel(game.id)}.name`,
    helpKey: 'casino:external.help',
    name: game.name,
    external: true,
    provider: provider.id,
    categories: game.categories.filter((c) => settings.categories[c]?.enabled === true),
    tags: [...game.tags],
    isNew: game.isNew,
    rtpPercent: game.rtpPercent,
    rtpSource: 'published',
    maxWinMultiple: game.maxWinMultiple,
    // Play money is the in-house games' (ADR 0320); an external game is played for real only.
    demo: false,
  };
}

/** Every external game the settings show, in the providers' order. */
export function externalEntries(
  providers: readonly ExternalProviderConfig[],
  settings: CasinoModule,
): CasinoGameEntry[] {
  return providers.flatMap((provider) =>
    provider.games.flatMap((game) => {
      const entry = externalEntryOf(provider, game, settings);
      return entry ? [entry] : [];
    }),
  );
}

/** The provider and game behind a catalogue game id, if it is an external one. */
export function findExternalGame(
  providers: readonly ExternalProviderConfig[],
  gameId: string,
): { provider: ExternalProviderConfig; game: ExternalGameInfo } | undefined {
  for (const provider of providers) {
    const game = provider.games.find((g) => g.id === gameId);
    if (game) return { provider, game };
  }
  return undefined;
}
