import type { Page } from '@playwright/test';
import { createSiteFormat, type SiteFormatSettings } from '@tessera/shared/util-format';
import { casinoDictionaries, platformDictionaries, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { BETTING_BRANDS, registerByPhone, submitDeposit, type BettingBrandId } from '../../fixtures/betting';
import { expect, test } from '../../fixtures/test';

// Runs through the `casino-<brand>` projects against the test-mode server (development outbox for registration):
// polar-bet (Russian, RUB) and rhein-wetten (German, EUR, country de). Issue 15's journey: the lobby, a search, a slot
// round for real money on the ledger, the balance and the history agreeing with it, the round verified on the fair-play
// page; a guest plays demo with play money.

/** The casino's copy in a language, as the site shows it (util-i18n casinoDictionaries). */
function casinoText(language: string): (key: string, values?: Record<string, string | number>) => string {
  const lng = (language in casinoDictionaries ? language : 'en') as PlatformLanguage;
  const texts = casinoDictionaries[lng]['casino'] ?? {};
  return (key, values = {}) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`casino:${key} is not in the ${lng} copy`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

function pagesText(language: string, key: string): string {
  const lng = (language in platformDictionaries ? language : 'en') as PlatformLanguage;
  return platformDictionaries[lng]['pages']?.[key] ?? key;
}

/** Money as this brand and language write it: the site's own formatter over the site configuration it serves. */
async function siteMoney(page: Page, language: string): Promise<(value: number, currency: string) => string> {
  const site = (await (await page.request.get('/web-api/site-config')).json()) as {
    config: { global: SiteFormatSettings };
  };
  const format = createSiteFormat(site.config.global, language);
  return (value, currency) => format.money(value, currency);
}

interface HistoryRound {
  roundId: string;
  gameId: string;
  stake: number;
  win: number | null;
}

test.describe('casino journey', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a bettor finds a slot by search, spins for real money, sees balance and history agree, verifies the round', async ({
    page,
    brand,
    baseURL,
  }) => {
    const brandId = brand.id as BettingBrandId;
    const setup = BETTING_BRANDS[brandId];
    const lng = brand.language;
    const tc = casinoText(lng);
    const origin = baseURL ?? '';
    const game = tc('games.auroraGems.name');

    await registerByPhone(page, origin, brandId);
    // A sandbox card deposit through the office's form; the wallet is credited when the provider confirms.
    await page.goto(`/${lng}/office/deposit`);
    await submitDeposit(page, lng, setup.currency, setup.deposit);
    await expect
      .poll(
        async () => {
          const answer = (await (await page.request.get('/account-api/user/balance')).json()) as {
            accounts: { money: number }[];
          };
          return answer.accounts[0]?.money;
        },
        { timeout: 20_000 },
      )
      .toBe(setup.deposit);
    const money = await siteMoney(page, lng);

    // ---- the lobby: categories and games; a search narrows it to the slot ----
    await page.goto(`/${lng}/casino`);
    await expect(page.getByRole('heading', { level: 1, name: pagesText(lng, 'casino.title') })).toBeVisible();
    const grid = page.getByRole('list', { name: tc('lobby.games') });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    await page.getByRole('searchbox', { name: tc('lobby.search') }).fill(game.slice(0, 6));
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: tc('lobby.count', { count: 1 }) })).toBeVisible();
    await grid.getByRole('link', { name: tc('lobby.playNamed', { name: game }) }).click();

    // ---- one spin at the lowest stake: the balance in the game frame and in the header follow the ledger ----
    await expect(page.getByRole('heading', { level: 2, name: game })).toBeVisible();
    const balance = page.getByRole('status', { name: tc('game.balance') });
    await expect(balance).toHaveText(tc('game.balanceValue', { amount: money(setup.deposit, setup.currency) }));
    const stake = 20;
    await expect(page.getByLabel(tc('game.stake'))).toHaveValue(String(stake));
    await page.getByRole('button', { name: tc('slot.spin') }).click();
    const result = page.getByRole('region', { name: tc('slot.reels') }).getByRole('status');
    await expect(result).not.toHaveText('', { timeout: 15_000 });
    await expect(result).not.toHaveText(tc('slot.spinning'));

    const history = (await (await page.request.get('/web-api/casino/history?limit=5')).json()) as {
      rounds: HistoryRound[];
    };
    expect(history.rounds).toHaveLength(1);
    const round = history.rounds[0] as HistoryRound;
    expect(round).toMatchObject({ gameId: 'aurora-gems', stake });
    const after = setup.deposit + ((round.win ?? 0) - stake) / 100;
    await expect(balance).toHaveText(tc('game.balanceValue', { amount: money(after, setup.currency) }));

    // ---- the office's casino history lists the round with its stake and win ----
    await page.goto(`/${lng}/office/casino`);
    const table = page.getByRole('table', { name: tc('history.caption') });
    const row = table.getByRole('row').filter({ hasText: game });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(money(stake / 100, setup.currency));
    await expect(row).toContainText(money((round.win ?? 0) / 100, setup.currency));

    // ---- the fair-play page: not revealed until the seed pair changes, then verified ----
    await row.getByRole('link', { name: tc('history.proof', { round: round.roundId }) }).click();
    await expect(page.getByText(tc('fair.notRevealed'))).toBeVisible();
    await page.getByRole('button', { name: tc('fair.rotate') }).click();
    await expect(page.getByText(tc('fair.verified'))).toBeVisible();
  });

  test('a guest plays demo with play money: the balance moves, no account is asked for', async ({ page, brand }) => {
    const lng = brand.language;
    const tc = casinoText(lng);
    const game = tc('games.auroraGems.name');
    await page.goto(`/${lng}/casino?brand=${brand.id}`);
    const grid = page.getByRole('list', { name: tc('lobby.games') });
    await grid.getByRole('link', { name: tc('lobby.demoNamed', { name: game }) }).click();
    await expect(page.getByText(tc('demo.note'))).toBeVisible();
    const site = createSiteFormat(
      ((await (await page.request.get('/web-api/site-config')).json()) as { config: { global: SiteFormatSettings } })
        .config.global,
      lng,
    );
    const credits = (minor: number) =>
      tc('game.balanceValue', { amount: tc('demo.amount', { amount: site.number(minor / 100, 2) }) });
    const balance = page.getByRole('status', { name: tc('game.balance') });
    await expect(balance).toHaveText(credits(100_000));
    // The play-money round as the server answered it: the frame's balance must be 1,000.00 − stake + win.
    const answered = page.waitForResponse((r) => r.url().endsWith('/web-api/casino/demo/rounds'));
    await page.getByRole('button', { name: tc('slot.spin') }).click();
    const round = (await (await answered).json()) as { stake: number; win: number };
    expect(round.stake).toBe(20);
    await expect(balance).toHaveText(credits(100_000 - round.stake + round.win));
    // Play money never reaches the wallet: a guest has none to ask for.
    expect((await page.request.get('/account-api/user/balance')).status()).toBe(401);
  });
});
