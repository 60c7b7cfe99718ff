import type { Page } from '@playwright/test';
import { createSiteFormat, type SiteFormatSettings } from '@tessera/shared/util-format';
import { platformDictionaries, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { BETTING_BRANDS, type BettingBrandId } from '../../fixtures/betting';
import { casinoText, expect, test } from '../../fixtures/casino';

// Runs through the `casino-external` project against the journeys' test-mode server, which connects the sandbox
// provider started as its own process beside it (playwright.config.ts, tools/casino-provider, ADR 0345). A signed-in
// player opens an external slot from the lobby, spins in the provider's page inside the platform's frame (every bet and
// win a signed callback across the process boundary into the seamless wallet), and sees the frame's balance, the
// wallet, the casino history's rounds and the office's history table agree. Nothing is mocked.

const SPINS = 3;
const GAME = 'Lucky Lanterns';
const PROVIDER = 'Northlight Games';

function accountText(language: string, key: string): string {
  const lng = (language in platformDictionaries ? language : 'en') as PlatformLanguage;
  const text = platformDictionaries[lng]['account']?.[key];
  if (text === undefined) throw new Error(`account:${key} is not in the ${lng} copy`);
  return text;
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
  source: 'in-house' | 'external';
  roundId: string;
  gameId: string;
  provider: { name: string };
  stake: number;
  win: number | null;
  transactions: { transactionId: string; kind: string; amount: number }[];
}

test.describe('external provider slot', () => {
  test.describe.configure({ timeout: 180_000 });

  test("a player opens an external slot from the lobby, spins in the provider's frame, and balance and history agree", async ({
    page,
    brand,
    fundedPlayer: { ledgerBalance },
  }) => {
    const brandId = brand.id as BettingBrandId;
    const setup = BETTING_BRANDS[brandId];
    const lng = brand.language;
    const tc = casinoText(lng);

    // ---- the lobby lists the provider's game beside the in-house ones; its card opens the framed game ----
    await page.goto(`/${lng}/casino`);
    const grid = page.getByRole('list', { name: tc('lobby.games') });
    await expect(grid.getByRole('article', { name: tc('games.auroraGems.name') })).toBeVisible();
    const card = grid.getByRole('article', { name: GAME });
    await card.getByRole('link', { name: tc('lobby.playNamed', { name: GAME }) }).click();
    await expect(page).toHaveURL(/\/casino\/game\/northlight-lucky-lanterns/);
    await expect(page.getByRole('heading', { name: GAME })).toBeVisible();
    const frameElement = page.getByTitle(tc('external.frameTitle', { name: GAME, provider: PROVIDER }));
    await expect(frameElement).toBeVisible();
    const game = page.frameLocator(`iframe[title="${tc('external.frameTitle', { name: GAME, provider: PROVIDER })}"]`);
    const frameBalance = page.getByRole('status', { name: tc('game.balance') });

    // ---- spins in the provider's page: each one a bet and a win called back into the wallet ----
    const history = async () =>
      ((await (await page.request.get('/web-api/casino/history?limit=100')).json()) as { rounds: HistoryRound[] })
        .rounds;
    for (let n = 0; n < SPINS; n++) {
      const spin = game.getByRole('button', { name: 'Spin' });
      await expect(spin).toBeEnabled({ timeout: 20_000 });
      await spin.click();
      // The round is the platform's once its bet has been called back: it is in the player's casino history.
      await expect.poll(async () => (await history()).length, { timeout: 20_000 }).toBe(n + 1);
    }
    await expect(game.getByRole('button', { name: 'Spin' })).toBeEnabled({ timeout: 20_000 });

    // ---- the casino history has every round with its provider and transaction ids, and the wallet agrees ----
    const rounds = await history();
    for (const r of rounds) {
      expect(r).toMatchObject({
        source: 'external',
        gameId: 'northlight-lucky-lanterns',
        provider: { name: PROVIDER },
      });
      expect(r.transactions.map((t) => t.kind)[0]).toBe('bet');
      expect(r.transactions.find((t) => t.kind === 'bet')?.amount).toBe(r.stake);
    }
    const net = rounds.reduce((sum, r) => sum + (r.win ?? 0) - r.stake, 0);
    const expected = Math.round(setup.deposit * 100 + net) / 100;
    await expect.poll(ledgerBalance).toBe(expected);
    // The frame's balance is the wallet's after the last round.
    const money = await siteMoney(page, lng);
    await expect(frameBalance).toContainText(money(expected, setup.currency));

    // ---- the office's casino history shows the same rounds, with the provider and its transaction ids ----
    await page.goto(`/${lng}/office`);
    await page
      .getByRole('navigation', { name: accountText(lng, 'office.nav') })
      .getByRole('link', { name: accountText(lng, 'office.nav.casino') })
      .click();
    const table = page.getByRole('table', { name: tc('history.caption') });
    for (const r of rounds) {
      const row = table.getByRole('row').filter({ hasText: r.roundId });
      await expect(row).toContainText(PROVIDER);
      await expect(row).toContainText(GAME);
      const bet = r.transactions.find((t) => t.kind === 'bet');
      await expect(
        row.getByRole('list', { name: tc('history.transactions', { round: r.roundId }) }).getByRole('listitem'),
      ).toContainText([bet?.transactionId ?? 'missing']);
    }
  });
});
