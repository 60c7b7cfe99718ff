import type { Page } from '@playwright/test';
import { createSiteFormat, type SiteFormatSettings } from '@tessera/shared/util-format';
import { platformDictionaries, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { BETTING_BRANDS, type BettingBrandId } from '../../fixtures/betting';
import { casinoText, expect, test } from '../../fixtures/casino';

// Runs through the `casino-<brand>` projects against the test-mode server (development outbox for registration):
// polar-bet (Russian, RUB, no jurisdiction: autoplay offered) and rhein-wetten (German, EUR, country de: de-ggl, slots
// at least 5 seconds apart, no autoplay, no table games). Issue 15's Done-when: the lobby, a search, the provider
// filter, a favourite kept across a reload, 20 slot rounds for real money, a roulette spin and a blackjack hand where
// the country has table games, the ledger's balance and the casino history agreeing, a round verified on the fair-play
// page; a guest plays demo with play money. Nothing is mocked: the German minimum is waited out on the real clock.

function headerText(language: string, key: string): string {
  const lng = (language in platformDictionaries ? language : 'en') as PlatformLanguage;
  const text = platformDictionaries[lng]['header']?.[key];
  if (text === undefined) throw new Error(`header:${key} is not in the ${lng} copy`);
  return text;
}

function accountText(language: string, key: string): string {
  const lng = (language in platformDictionaries ? language : 'en') as PlatformLanguage;
  const text = platformDictionaries[lng]['account']?.[key];
  if (text === undefined) throw new Error(`account:${key} is not in the ${lng} copy`);
  return text;
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
  // A German-country player spins 20 times at least 5 seconds apart (DEGGL-SLOT-1, the server's real clock).
  test.describe.configure({ timeout: 360_000 });

  test('a bettor searches, filters, keeps a favourite, plays 20 spins, a roulette spin and a blackjack hand, sees balance and history agree with the ledger, verifies a round', async ({
    page,
    brand,
    fundedPlayer: { ledgerBalance },
  }) => {
    const brandId = brand.id as BettingBrandId;
    const setup = BETTING_BRANDS[brandId];
    const lng = brand.language;
    const tc = casinoText(lng);
    const game = tc('games.auroraGems.name');
    const roulette = tc('games.europeanRoulette.name');
    const blackjack = tc('games.blackjack.name');
    const money = await siteMoney(page, lng);
    // What the site's slot settings are for this player (the launch sends them; rhein-wetten's players are German).
    const site = (await (await page.request.get('/web-api/site-config')).json()) as {
      config: { modules: { casino: { slots: { minSpinSeconds: number; autoplay: boolean } } } };
    };
    const slots = site.config.modules.casino.slots;
    const german = brandId === 'rhein-wetten';
    if (german) expect(slots).toMatchObject({ minSpinSeconds: 5, autoplay: false });

    // ---- the lobby: a search narrows it to the slot, and says so when nothing matches ----
    await page.goto(`/${lng}/casino`);
    await expect(page.getByRole('heading', { level: 1, name: pagesText(lng, 'casino.title') })).toBeVisible();
    const grid = page.getByRole('list', { name: tc('lobby.games') });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    // Live casino has no page yet: its menu entry is switched off by configuration on every brand.
    await expect(page.getByRole('link', { name: headerText(lng, 'menu.liveCasino') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: headerText(lng, 'menu.casino') }).first()).toBeVisible();
    const search = page.getByRole('searchbox', { name: tc('lobby.search') });
    await search.fill(game.slice(0, 6));
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: tc('lobby.count', { count: 1 }) })).toBeVisible();
    await search.fill('zzzz-no-such-game');
    await expect(page.getByText(tc('lobby.noMatch'))).toBeVisible();
    await search.fill('');

    // ---- the provider filter: every game shown is the in-house provider's ----
    const providers = page.getByRole('combobox', { name: tc('lobby.provider') });
    await providers.selectOption({ label: 'Tessera Originals' });
    await expect(page).toHaveURL(/provider=1/);
    const cards = grid.getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText('Tessera Originals');
    // Germany has no table games (DEGGL-CAS-1): roulette and blackjack are not in its lobby.
    await expect(grid.getByRole('article', { name: roulette })).toHaveCount(german ? 0 : 1);
    await expect(grid.getByRole('article', { name: blackjack })).toHaveCount(german ? 0 : 1);

    // ---- a favourite is kept on the server: still there after a reload ----
    await grid.getByRole('button', { name: tc('lobby.favourite', { name: game }) }).click();
    await expect(grid.getByRole('button', { name: tc('lobby.unfavourite', { name: game }) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.reload();
    await page.getByRole('button', { name: tc('category.favourite'), exact: true }).click();
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await expect(grid.getByRole('heading', { name: game })).toBeVisible();
    await grid.getByRole('link', { name: tc('lobby.playNamed', { name: game }) }).click();

    // ---- 20 slot rounds: autoplay where the site offers it, else 20 clicks paced by the minimum ----
    await expect(page.getByRole('heading', { level: 2, name: game })).toBeVisible();
    const balance = page.getByRole('status', { name: tc('game.balance') });
    await expect(balance).toHaveText(tc('game.balanceValue', { amount: money(setup.deposit, setup.currency) }));
    const machine = page.getByRole('region', { name: tc('slot.reels') });
    const spin = page.getByRole('button', { name: tc('slot.spin'), exact: true });
    const spinsSent: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/web-api/casino/rounds') spinsSent.push(Date.now());
    });
    const autoplay = page.getByRole('button', { name: tc('slot.autoplayStart') });
    if (slots.autoplay) {
      await page.getByRole('combobox', { name: tc('slot.autoplay') }).selectOption('20');
      await autoplay.click();
      await expect(page.getByRole('button', { name: tc('slot.autoplayStop') })).toBeVisible();
      await expect(autoplay).toBeVisible({ timeout: 90_000 });
    } else {
      // No autoplay control at all; the shortest spin is said, and the spin button waits it out with a countdown.
      await expect(autoplay).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: tc('slot.autoplay') })).toHaveCount(0);
      await expect(machine.getByText(tc('slot.minSpin', { count: slots.minSpinSeconds }))).toBeVisible();
      for (let n = 0; n < 20; n++) {
        await expect(spin).toBeEnabled({ timeout: slots.minSpinSeconds * 1000 + 10_000 });
        await spin.click();
        await expect(machine.getByRole('status').first()).not.toHaveText(tc('slot.spinning'), { timeout: 15_000 });
        if (n === 0) {
          await expect(spin).toBeDisabled();
          await expect(machine.getByRole('progressbar', { name: tc('slot.nextSpinLabel') })).toBeVisible();
        }
      }
      await expect.poll(() => spinsSent.length).toBe(20);
      const gaps = spinsSent.slice(1).map((t, i) => t - (spinsSent[i] ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(slots.minSpinSeconds * 1000);
    }
    const history = async () =>
      ((await (await page.request.get('/web-api/casino/history?limit=100')).json()) as { rounds: HistoryRound[] })
        .rounds;
    await expect.poll(async () => (await history()).length, { timeout: 15_000 }).toBe(20);
    expect(spinsSent).toHaveLength(20);

    // ---- a roulette spin and a blackjack hand, where the country has table games ----
    if (!german) {
      await page.goto(`/${lng}/casino/game/european-roulette`);
      const table = page.getByRole('region', { name: tc('roulette.table') });
      await table
        .getByRole('group', { name: tc('roulette.outside') })
        .getByRole('button', { name: tc('bets.red') })
        .click();
      await table.getByRole('button', { name: tc('roulette.spin') }).click();
      await expect(table.getByRole('status').first()).toContainText(/\d/, { timeout: 15_000 });

      await page.goto(`/${lng}/casino/game/blackjack`);
      const felt = page.getByRole('region', { name: tc('blackjack.table') });
      const answered = (path: RegExp) =>
        page.waitForResponse((r) => r.request().method() === 'POST' && path.test(new URL(r.url()).pathname));
      const dealt = answered(/^\/web-api\/casino\/rounds$/);
      await felt.getByRole('button', { name: tc('blackjack.deal') }).click();
      await dealt;
      // Stand on whatever comes (refusing insurance when offered) until the server settles the hand.
      const decisions = felt.getByRole('group', { name: tc('blackjack.decisions') });
      const handSettled = async () => (await history()).some((r) => r.gameId === 'blackjack' && r.win !== null);
      for (let i = 0; i < 6 && !(await handSettled()); i++) {
        await expect(decisions.getByRole('button').first()).toBeEnabled({ timeout: 10_000 });
        const noInsurance = decisions.getByRole('button', { name: tc('actions.noInsurance') });
        const acted = answered(/\/actions$/);
        if ((await noInsurance.count()) > 0) await noInsurance.click();
        else await decisions.getByRole('button', { name: tc('actions.stand') }).click();
        await acted;
      }
      expect(await handSettled()).toBe(true);
      await expect(felt.getByRole('button', { name: tc('blackjack.deal') })).toBeVisible();
      await expect.poll(async () => (await history()).length).toBe(22);
    } else {
      await page.goto(`/${lng}/casino/game/european-roulette`);
      await expect(page.getByText(tc('game.notHere'))).toBeVisible();
    }

    // ---- the ledger's balance is the deposit plus every round's win less its stake, as the history lists them ----
    const rounds = await history();
    expect(rounds.every((r) => r.win !== null)).toBe(true);
    const net = rounds.reduce((sum, r) => sum + (r.win ?? 0) - r.stake, 0);
    const expected = Math.round((setup.deposit * 100 + net) as number) / 100;
    await expect.poll(ledgerBalance).toBe(expected);

    // ---- the office menu links the casino history, which lists every round and agrees with the ledger ----
    await page.goto(`/${lng}/office`);
    await page
      .getByRole('navigation', { name: accountText(lng, 'office.nav') })
      .getByRole('link', { name: accountText(lng, 'office.nav.casino') })
      .click();
    const table = page.getByRole('table', { name: tc('history.caption') });
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: german ? game : blackjack })
        .first(),
    ).toBeVisible();
    const slotRound = rounds.find((r) => r.gameId === 'aurora-gems') as HistoryRound;
    const slotRow = table.getByRole('row').filter({
      has: page.getByRole('link', { name: tc('history.proof', { round: slotRound.roundId }) }),
    });
    await expect(slotRow).toContainText(money(slotRound.stake / 100, setup.currency));
    await expect(slotRow).toContainText(money((slotRound.win ?? 0) / 100, setup.currency));

    // ---- the fair-play page: not revealed until the seed pair changes, then verified ----
    await slotRow.getByRole('link', { name: tc('history.proof', { round: slotRound.roundId }) }).click();
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
