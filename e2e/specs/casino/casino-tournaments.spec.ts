import type { CasinoTournamentsResponse } from '@tessera/shared/contract-api';
import type { BettingBrandId } from '../../fixtures/betting';
import { casinoText, expect, test } from '../../fixtures/casino';

// Runs in the casino-<brand> projects (polar-bet, rhein-wetten) against the test-mode server. A new player finds the
// brand's running tournament from the lobby, plays one qualifying slot round for real money and finds their own row,
// marked, on the leaderboard; on the phone's width the page does not scroll sideways. Nothing is mocked.

// The player's sign-up and deposit (the fixture) count toward the test's time.
test.describe.configure({ timeout: 120_000 });

test('a player finds the running tournament from the lobby, plays a qualifying round and sees their row', async ({
  page,
  brand,
  baseURL,
  // Signed in in this page with the brand's deposit credited: the qualifying round is played for real money.
  fundedPlayer: _funded,
}) => {
  const brandId = brand.id as BettingBrandId;
  const lng = brand.language;
  const tc = casinoText(lng);
  const origin = baseURL ?? '';

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
