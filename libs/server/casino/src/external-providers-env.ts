import type { ExternalGameInfo, ExternalProviderConfig } from './external-provider';

/**
 * The games of the sandbox provider (tools/casino-provider): its slot variants as it publishes them. The platform's
 * catalogue lists them; the provider process serves the same list at `GET /games` (a test compares the two).
 */
export const SANDBOX_PROVIDER_GAMES: readonly ExternalGameInfo[] = [
  {
    id: 'northlight-lucky-lanterns',
    providerGameId: 'lucky-lanterns',
    name: 'Lucky Lanterns',
    kind: 'slot',
    categories: ['slots', 'new'],
    tags: ['free-spins', 'wilds'],
    isNew: true,
    rtpPercent: '94.52',
    maxWinMultiple: 25420,
  },
  {
    id: 'northlight-nordic-runes',
    providerGameId: 'nordic-runes',
    name: 'Nordic Runes',
    kind: 'slot',
    categories: ['slots', 'popular'],
    tags: ['free-spins', 'wilds'],
    isNew: false,
    rtpPercent: '94.84',
    maxWinMultiple: 34960,
  },
  {
    id: 'northlight-desert-gold',
    providerGameId: 'desert-gold',
    name: 'Desert Gold',
    kind: 'slot',
    categories: ['slots'],
    tags: ['free-spins', 'wilds'],
    isNew: false,
    rtpPercent: '95.71',
    maxWinMultiple: 62648,
  },
];

/**
 * The sandbox provider's games when it publishes `count` of them (its PROVIDER_GAME_COUNT; the platform's
 * `CASINO_PROVIDER_GAME_COUNT`): its three variants, then game i (0-based) playing variant i mod 3 as
 * `<variant>-<i+1, 4 digits>`, named `<variant name> <i+1, 4 digits>`, tags cycling through three sets, new every 11th,
 * popular every 7th: the rule tools/casino-provider publishes by (`providerGames`; a test compares the two lists).
 */
export function sandboxProviderGames(count: number = SANDBOX_PROVIDER_GAMES.length): readonly ExternalGameInfo[] {
  const tagSets: readonly (readonly string[])[] = [['free-spins', 'wilds'], ['wilds'], ['free-spins']];
  const games: ExternalGameInfo[] = [...SANDBOX_PROVIDER_GAMES];
  for (let i = SANDBOX_PROVIDER_GAMES.length; i < count; i++) {
    const variant = SANDBOX_PROVIDER_GAMES[i % SANDBOX_PROVIDER_GAMES.length] as ExternalGameInfo;
    const n = String(i + 1).padStart(4, '0');
    const isNew = i % 11 === 0;
    games.push({
      ...variant,
      id: `${variant.id}-${n}`,
      providerGameId: `${variant.providerGameId}-${n}`,
      name: `${variant.name} ${n}`,
      categories: ['slots', ...(isNew ? ['new'] : []), ...(i % 7 === 0 ? ['popular'] : [])],
      tags: tagSets[i % tagSets.length] as readonly string[],
      isNew,
    });
  }
  return games;
}

/** The sandbox provider's lobby id (`modules.casino.hiddenProviders`) and slug. */
export const SANDBOX_PROVIDER = { id: 2, slug: 'northlight', name: 'Northlight Games' } as const;

/** The callback secret both sides use outside production when none is set (never accepted in production). */
export const DEVELOPMENT_PROVIDER_SECRET = 'tessera-development-casino-provider-secret';

/**
 * The external providers a server connects, from its environment: `CASINO_PROVIDER_URL` (the sandbox provider's base
 * URL as the browser reaches it, e.g. http://localhost:4201) and `CASINO_PROVIDER_SECRET` (the callbacks' HMAC key,
 * at least 32 characters; required in production), `CASINO_PROVIDER_GAME_COUNT` (how many games it publishes, its
 * PROVIDER_GAME_COUNT; default its 3 variants). Unset URL: no external provider.
 */
export function readExternalProvidersEnv(
  env: Readonly<Record<string, string | undefined>>,
  production: boolean,
): ExternalProviderConfig[] {
  const base = env['CASINO_PROVIDER_URL']?.trim();
  if (!base) return [];
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`CASINO_PROVIDER_URL must be an http(s) URL, found ${base}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`CASINO_PROVIDER_URL must be an http(s) URL, found ${base}`);
  const secret = env['CASINO_PROVIDER_SECRET'] || (production ? undefined : DEVELOPMENT_PROVIDER_SECRET);
  if (!secret || secret.length < 32)
    throw new Error('CASINO_PROVIDER_SECRET must be set to at least 32 characters when CASINO_PROVIDER_URL is set');
  const countText = env['CASINO_PROVIDER_GAME_COUNT']?.trim();
  const count = countText ? Number(countText) : SANDBOX_PROVIDER_GAMES.length;
  if (!Number.isInteger(count) || count < SANDBOX_PROVIDER_GAMES.length || count > 100_000)
    throw new Error(`CASINO_PROVIDER_GAME_COUNT must be an integer from 3 to 100000, found ${countText}`);
  return [
    {
      ...SANDBOX_PROVIDER,
      launchUrl: new URL('/launch', url).toString(),
      callbackSecret: secret,
      games: sandboxProviderGames(count),
    },
  ];
}
