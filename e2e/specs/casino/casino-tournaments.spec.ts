import type { CasinoTournamentsResponse } from '@tessera/shared/contract-api';
import { casinoDictionaries, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { BETTING_BRANDS, registerByPhone, submitDeposit, type BettingBrandId } from '../../fixtures/betting';
import { expect, test } from '../../fixtures/test';

// Runs in the casino-<brand> projects (polar-bet, rhein-wetten) against the test-mode server. A new player finds the
// brand's running tournament from the lobby, plays one qualifying slot round for real money and finds their own row,
// marked, on the leaderboard; on the phone's width the page does not scroll sideways. Nothing is mocked.

function casinoText(language: string): (key: string, values?: Record<string, string | number>) => string {
  const lng = (language in casinoDictionaries ? language : 'en') as PlatformLanguage;
  const texts = casinoDictionaries[lng]['casino'] ?? {};
  return (key, values = {}) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`casino:${key} is not in the ${lng} copy`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

test('a player finds the running tournament from the lobby, plays a qualifying round and sees their row', async ({
  page,
  brand,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const brandId = brand.id as BettingBrandId;
  const setup = BETTING_BRANDS[brandId];
  const lng = brand.language;
  const tc = casinoText(lng);
  const origin = baseURL ?? '';

  await registerByPhone(page, origin, brandId);
  await page.goto(`/${lng}/office/deposit`);
  await submitDeposit(page, lng, setup.currency, setup.deposit);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/account-api/user/balance')).json()) as { accounts: { money: number }[] })
          .accounts[0]?.money,
      { timeout: 20_000 },
    )
    .toBe(setup.deposit);

  const listed = (await (await page.request.get('/web-api/casino/tournaments')).json()) as CasinoTournamentsResponse;
  const running = listed.tournaments.find((t) => t.status === 'active');
  if (!running) throw new Error(`${brandId} runs no tournament (brands/${brandId}/brand.json)`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${lng}/casino`);
  await page.getByRole('link', { name: tc('tournaments.link') }).click();
  await expect(page.getByRole('heading', { level: 2, name: running.name })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(tc('tournaments.endsIn', { time: '' }).trim());
  await expect(page.getByRole('region', { name: tc('tournaments.prizes') }).getByRole('listitem')).toHaveCount(
    running.prizes.length,
  );
  await expect(page.getByText(tc('tournaments.notRanked'))).toBeVisible();

  // One slot round at the smallest stake that scores (and within Germany's 1 euro a spin), for real money.
  const stake = Math.max(running.minStake, 100);
  const played = await page.request.post('/web-api/casino/rounds', {
    headers: { origin },
    data: { roundId: `tour-e2e-${Date.now().toString(36)}`, gameId: 'aurora-gems', bet: { stake } },
  });
  expect(played.status()).toBe(200);
  const points = Math.floor((stake * running.points.perUnit) / 100);

  await page.reload();
  const board = page.getByRole('table', { name: tc('tournaments.leaderboard') });
  const mine = board.locator('tr[aria-current="true"]');
  await expect(mine).toContainText(`(${tc('tournaments.you')})`);
  await expect(mine.getByRole('cell').nth(2)).toHaveText(String(points));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
