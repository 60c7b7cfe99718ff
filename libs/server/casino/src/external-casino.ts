import type { Database } from '@tessera/server/db';
import type { CasinoExternalLaunchResponse } from '@tessera/shared/contract-api';
import type { CasinoModule as CasinoSettings } from '@tessera/shared/util-config';
import type { CasinoStakeGate } from './casino-rounds.service';
import { casinoRefusal } from './casino-refusals';
import { externalEntryOf, findExternalGame } from './external-catalogue';
import { ExternalSessionTokens } from './external-launch-token';
import type { ExternalProviderConfig } from './external-provider';
import { ExternalWallet } from './external-wallet';
import type { SlotRulesFor } from './jurisdiction-rules';
import type { CasinoPlayer } from './round-ledger';

/** The external providers a server connects (apps/api: `readExternalProvidersEnv`). */
export interface ExternalCasinoSettings {
  providers: readonly ExternalProviderConfig[];
  /** Lifetime of a session token without a call; default 15 minutes. */
  tokenTtlSeconds?: number;
}

/** The external providers' side of the casino: the launch of a game and the wallet its callbacks reach. */
export interface ExternalCasino {
  providers: readonly ExternalProviderConfig[];
  wallet: ExternalWallet;
  /**
   * A launch URL of an external game for a signed-in player: the provider's launch URL with a new session token bound
   * to the player, game, currency and brand, and the platform origin the game frame may talk to.
   */
  launch(
    player: CasinoPlayer,
    settings: CasinoSettings,
    gameId: string,
    parentOrigin: string,
    language: string,
  ): CasinoExternalLaunchResponse;
}

/** Builds the external casino with the in-house casino's gates, slot rules and lobby settings (ADR 0345). */
export function createExternalCasino(options: {
  database: Database;
  settings: ExternalCasinoSettings;
  /** The server key; the session tokens' key is derived from it. */
  secretKey: string;
  clock: () => Date;
  stakeGates?: readonly CasinoStakeGate[];
  slotRules?: SlotRulesFor;
  /** The casino settings of a brand in a country (the lobby's). */
  settingsOf: (brandId: string, country: string | undefined) => CasinoSettings;
  onError?: (error: unknown) => void;
}): ExternalCasino {
  const { providers } = options.settings;
  const tokens = new ExternalSessionTokens(options.secretKey, options.settings.tokenTtlSeconds);
  const shown = (settings: CasinoSettings, gameId: string) => {
    const found = findExternalGame(providers, gameId);
    if (!found || !settings.enabled) return undefined;
    return externalEntryOf(found.provider, found.game, settings) ? found : undefined;
  };
  const wallet = new ExternalWallet({
    db: options.database,
    providers,
    tokens,
    clock: options.clock,
    stakeGates: options.stakeGates,
    slotRules: options.slotRules,
    // A game hidden since the launch (its category switched off, its provider hidden) takes no more bets.
    gameShown: (claims) => shown(options.settingsOf(claims.brandId, claims.country), claims.gameId) !== undefined,
    onError: options.onError,
  });
  return {
    providers,
    wallet,
    launch(player, settings, gameId, parentOrigin, language) {
      const found = shown(settings, gameId);
      if (!found) throw casinoRefusal('game_not_found', `there is no game ${gameId} here`);
      const now = options.clock();
      const token = tokens.issue(
        {
          provider: found.provider.slug,
          brandId: player.brandId,
          userId: player.userId,
          gameId,
          currency: player.currency,
          ...(player.country ? { country: player.country } : {}),
        },
        now,
      );
      const url = new URL(found.provider.launchUrl);
      url.searchParams.set('token', token);
      url.searchParams.set('game', found.game.providerGameId);
      url.searchParams.set('currency', player.currency);
      url.searchParams.set('lang', language);
      url.searchParams.set('parent', parentOrigin);
      return {
        url: url.toString(),
        origin: url.origin,
        provider: { id: found.provider.id, slug: found.provider.slug, name: found.provider.name },
        expiresAt: new Date(now.getTime() + tokens.ttlSeconds * 1000).toISOString(),
      };
    },
  };
}
