import { expect, test } from '@playwright/test';
import { openBetOptions, pickGames, platformText } from '../../fixtures/betting';

// The production server of the e2e run starts without a trading desk and without a payment provider (ADRs 0134,
// 0136). PolarBet's files offer VIP bets and deposits: the site must not offer what this server can only refuse, and
// compliance must be told why (ADR 0140).
test('a brand offering VIP bets and deposits gets neither on a server without a trading desk or payment provider, and explain says why', async ({
  page,
}) => {
  const tc = platformText('ru', 'coupon');
  await page.goto('/?brand=polar-bet');

  const vip = await page.request.get('/web-api/site-config/explain?pointer=/coupon/features/vipBet');
  expect(await vip.json()).toMatchObject({
    value: false,
    layer: 'platform',
    file: null,
    reason: expect.stringMatching(/trading desk/),
  });
  const deposit = await page.request.get('/web-api/site-config/explain?pointer=/office/pages/deposit/enabled');
  expect(await deposit.json()).toMatchObject({
    value: false,
    layer: 'platform',
    reason: expect.stringMatching(/payment provider/),
  });
  // A setting the platform does not touch is still explained by the brand's own file.
  const power = await page.request.get('/web-api/site-config/explain?pointer=/coupon/features/powerBet');
  expect(await power.json()).toMatchObject({
    value: true,
    layer: 'brand',
    file: expect.stringMatching(/polar-bet\/brand\.json$/),
  });

  // The bet slip shows the brand's other options (power bet) but no VIP bet.
  await page.goto('/ru/line');
  const [first] = await pickGames(page, 1);
  if (!first) throw new Error('pickGames returned no game');
  await first.button.click();
  const slip = page.getByRole('complementary', { name: tc('panel.title') });
  // The slip's options fold away (it starts simple): open them.
  await openBetOptions(slip, tc('feature.options'));
  const options = slip.getByRole('group', { name: tc('feature.options') });
  await expect(options.getByRole('checkbox', { name: tc('feature.powerBet') })).toBeVisible({ timeout: 15_000 });
  await expect(options.getByRole('checkbox', { name: tc('feature.vipBet') })).toHaveCount(0);
});
