import {
  amountIn,
  anyValues,
  BETTING_BRANDS,
  depositInOffice,
  escapeRegExp,
  finishGames,
  money,
  openBetOptions,
  pickGames,
  platformText,
  registerByPhone,
  type BettingBrandId,
} from '../../fixtures/betting';
import type { Locator } from '@playwright/test';
import { expect, test } from '../../fixtures/test';

/** Two decimals, as the ledger keeps money. */
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Places the slip as a person does: the submit button, the confirmation, and where a price moved between the pick and
 * the placement (the simulated line moves), the new prices taken, which places the bet at them. `outcome` is what the
 * placement shows when done (accepted, held, waiting for the desk); the caller asserts it after.
 */
async function placeSlip(
  slip: Locator,
  tc: ReturnType<typeof platformText>,
  submitName: string,
  outcome: Locator,
): Promise<void> {
  await slip.getByRole('button', { name: submitName }).click();
  await slip
    .getByRole('group', { name: tc('confirm.title') })
    .getByRole('button', { name: tc('confirm.ok') })
    .click();
  const changed = slip.getByRole('group', { name: tc('oddsChanged.title') });
  await expect(outcome.or(changed)).toBeVisible({ timeout: 15_000 });
  if (await changed.isVisible()) await changed.getByRole('button', { name: tc('oddsChanged.accept') }).click();
}

// The coupon's bet types and options as each brand configures them (ADR 0136; libs/server/bets README, "Bet insurance"): a system bet everywhere; bet
// insurance, the maximum stake and VIP bets on polar-bet, none of them offered on rhein-wetten.
test.describe('coupon options', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a system bet, a multi, an insured single, and a stake above the maximum sent to the trading desk as a VIP bet, where the brand offers them', async ({
    page,
    brand,
    baseURL,
  }) => {
    const brandId = brand.id as BettingBrandId;
    expect(Object.keys(BETTING_BRANDS), 'the betting projects target these brands').toContain(brandId);
    const setup = BETTING_BRANDS[brandId];
    const lng = brand.language;
    const tc = platformText(lng, 'coupon');
    const { currency } = setup;
    const header = page.getByRole('banner');
    const balanceIs = (amount: number) =>
      expect(header.getByText(tc('balance.value', { amount: money(cents(amount), currency) }))).toBeVisible({
        timeout: 20_000,
      });

    await registerByPhone(page, baseURL ?? '', brandId);
    const deposit = setup.vip?.deposit ?? setup.deposit;
    await depositInOffice(page, brandId, lng, deposit, deposit);
    let balance = deposit;

    await page.goto(`/${lng}/line`);
    const slip = page.getByRole('complementary', { name: tc('panel.title') });
    const accepted = slip.getByRole('status').getByText(anyValues(tc('accepted.text')));
    const place = (submitName: string, outcome: Locator = accepted) => placeSlip(slip, tc, submitName, outcome);
    const picks = await pickGames(page, 5);
    const [a, b, c, insured, big] = picks;
    if (!a || !b || !c || !insured || !big) throw new Error('pickGames returned fewer games than asked');

    // ---- a system 2 of 3: three lines, the stake split between them ----
    for (const pick of [a, b, c]) await pick.button.click();
    await slip.getByRole('radio', { name: tc('betType.system'), exact: true }).check();
    await slip.getByRole('combobox', { name: tc('system.size'), exact: true }).selectOption('2');
    const systemStake = setup.stake * 3;
    await slip.getByLabel(tc('stake.label', { currency })).fill(String(systemStake));
    // Stake tax (rhein-wetten in Germany) is withheld before the stake is split.
    const perLine = cents((systemStake - cents((systemStake * setup.stakeTaxPercent) / 100)) / 3);
    await expect(slip.getByText(tc('system.perLine', { amount: money(perLine, currency) }))).toBeVisible();
    await place(tc('submit.label'));
    await expect(accepted).toBeVisible({ timeout: 15_000 });
    balance -= systemStake;
    await balanceIs(balance);
    await slip.getByRole('button', { name: tc('accepted.next') }).click();

    // ---- a multi: two coupons of two selections each, placed together, a stake for each ----
    for (const pick of [a, b, c, insured]) await pick.button.click();
    await slip.getByRole('radio', { name: tc('betType.multi'), exact: true }).check();
    const moveTo = slip.getByRole('combobox', { name: anyValues(tc('selection.group')) });
    await expect(moveTo).toHaveCount(4);
    // Two of the four into coupon 2 (the list may reorder by coupon after each move: read where each one is first).
    for (let moved = 0; moved < 2; moved += 1) {
      const groups = await moveTo.evaluateAll((selects) =>
        selects.map((select) => (select as HTMLSelectElement).value),
      );
      await moveTo.nth(groups.lastIndexOf('0')).selectOption('1');
    }
    await expect
      .poll(async () =>
        (await moveTo.evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value))).sort(),
      )
      .toEqual(['0', '0', '1', '1']);
    await slip.getByLabel(tc('multi.stake', { n: 1, currency })).fill(String(setup.stake));
    await slip.getByLabel(tc('multi.stake', { n: 2, currency })).fill(String(setup.stake));
    await place(tc('submit.label'));
    await expect(accepted).toBeVisible({ timeout: 15_000 });
    balance -= 2 * setup.stake;
    await balanceIs(balance);
    await slip.getByRole('button', { name: tc('accepted.next') }).click();

    // ---- a single, insured where the brand sells insurance: the premium is shown before and charged with the stake ----
    // The odds button's name reads "home – away, market, outcome, price": the history must name the bet the same way.
    const [, market, outcome] = ((await insured.button.getAttribute('aria-label')) ?? '').split(', ');
    expect(market && outcome, 'the odds button names its market and outcome').toBeTruthy();
    await insured.button.click();
    await slip.getByLabel(tc('stake.perEvent', { currency })).fill(String(setup.stake));
    await openBetOptions(slip, tc('feature.options'));
    const insure = slip.getByRole('checkbox', { name: tc('feature.insurance') });
    let premium = 0;
    if (setup.insurance) {
      await insure.check();
      const offer = slip.getByText(anyValues(tc('feature.insuranceCost')));
      await expect(offer).toContainText(money(setup.stake, currency));
      premium = amountIn((await offer.textContent()) ?? '');
      expect(premium, 'a premium is charged for the insurance').toBeGreaterThan(0);
      expect(premium).toBeLessThan(setup.stake);
    } else {
      await expect(insure).toHaveCount(0);
    }
    await place(tc('submit.label'));
    await expect(accepted).toBeVisible({ timeout: 15_000 });
    balance -= setup.stake + premium;
    await balanceIs(balance);
    await slip.getByRole('button', { name: tc('accepted.next') }).click();

    // ---- above the maximum stake: refused in the slip; where VIP bets are offered the trading desk approves it ----
    await big.button.click();
    await openBetOptions(slip, tc('feature.options'));
    const vipSwitch = slip.getByRole('checkbox', { name: tc('feature.vipBet') });
    if (setup.vip) {
      await slip.getByLabel(tc('stake.perEvent', { currency })).fill(String(setup.vip.stake));
      await expect(
        slip.getByText(tc('issue.aboveMaximumStakeOf', { amount: money(setup.vip.maxBet, currency) })),
      ).toBeVisible();
      await expect(slip.getByRole('button', { name: tc('submit.label') })).toBeDisabled();
      await vipSwitch.check();
      await slip.getByLabel(tc('feature.vipBetSumm', { currency })).fill(String(setup.vip.stake));
      await place(tc('submit.vip'), slip.getByRole('status').getByText(tc('status.waiting')));
      // Held for the desk (the development desk decides in about 3 s), then accepted and debited.
      await expect(slip.getByRole('status').getByText(tc('status.waiting'))).toBeVisible({ timeout: 15_000 });
      await expect(accepted).toBeVisible({ timeout: 30_000 });
      balance -= setup.vip.stake;
      await balanceIs(balance);
    } else {
      await expect(vipSwitch).toHaveCount(0);
    }

    // ---- the office's history tells each bet's story ----
    await page.goto(`/${lng}/office/bets`);
    const history = page.getByRole('region', { name: tc('history.title') });
    const bet = (type: string) =>
      history
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: new RegExp(escapeRegExp(tc(`betType.${type}`))) }) });
    await expect(bet('system')).toHaveCount(1, { timeout: 15_000 });
    await expect(bet('system').getByText(money(systemStake, currency)).first()).toBeVisible();
    await expect(bet('single')).toHaveCount(setup.vip ? 2 : 1);
    // The system, the multi's two coupons, the insured single and the VIP bet where there is one.
    await expect(history.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(
      setup.vip ? 5 : 4,
    );
    // A selection is named in the bettor's language as its odds button named it.
    await expect(
      history
        .getByText(new RegExp(escapeRegExp(tc('selection.pick', { market: market ?? '', outcome: outcome ?? '' }))))
        .first(),
    ).toBeVisible();
    if (setup.insurance) {
      await expect(
        history.getByText(
          tc('history.insurance', { premium: money(premium, currency), amount: money(setup.stake, currency) }),
        ),
      ).toBeVisible();
    }
    if (setup.vip) {
      await expect(
        history.getByText(tc('history.vip.approved', { amount: money(setup.vip.stake, currency) })),
      ).toBeVisible();
    }
  });

  test('a stake above the balance bet on advance: held with nothing charged, placed when the bet securing it wins, where the brand offers it', async ({
    page,
    brand,
    baseURL,
  }) => {
    const brandId = brand.id as BettingBrandId;
    const setup = BETTING_BRANDS[brandId];
    const lng = brand.language;
    const tc = platformText(lng, 'coupon');
    const { currency } = setup;
    const header = page.getByRole('banner');
    const balanceNow = async () =>
      amountIn((await header.getByText(anyValues(tc('balance.value'))).textContent()) ?? '');

    await registerByPhone(page, baseURL ?? '', brandId);
    await depositInOffice(page, brandId, lng, setup.deposit, setup.deposit);
    await page.goto(`/${lng}/line`);
    const slip = page.getByRole('complementary', { name: tc('panel.title') });
    const place = (outcome: Locator) => placeSlip(slip, tc, tc('submit.label'), outcome);
    const [secure, later] = await pickGames(page, 2);
    if (!secure || !later) throw new Error('pickGames returned fewer games than asked');

    // ---- the whole balance on one single: it secures the advance ----
    await secure.button.click();
    await openBetOptions(slip, tc('feature.options'));
    await slip.getByLabel(tc('checkCf.label')).selectOption('2');
    await slip.getByLabel(tc('stake.perEvent', { currency })).fill(String(setup.deposit));
    await place(slip.getByRole('status').getByText(anyValues(tc('accepted.text'))));
    await expect(slip.getByRole('status').getByText(anyValues(tc('accepted.text')))).toBeVisible({ timeout: 15_000 });
    await expect(header.getByText(tc('balance.value', { amount: money(0, currency) }))).toBeVisible({
      timeout: 20_000,
    });
    await slip.getByRole('button', { name: tc('accepted.next') }).click();

    // ---- a second single above the balance ----
    await later.button.click();
    await slip.getByLabel(tc('stake.perEvent', { currency })).fill(String(setup.stake));
    await expect(slip.getByText(tc('issue.aboveBalance'))).toBeVisible();
    await openBetOptions(slip, tc('feature.options'));
    const onAdvance = slip.getByRole('checkbox', { name: tc('feature.advanceBet') });
    if (!setup.advance) {
      await expect(onAdvance).toHaveCount(0);
      await expect(slip.getByRole('button', { name: tc('submit.label') })).toBeDisabled();
      return;
    }
    await onAdvance.check();
    await expect(slip.getByText(tc('issue.aboveBalance'))).toHaveCount(0);
    await place(slip.getByRole('status').getByText(anyValues(tc('held.text'))));
    // Placed and held: the coupon is empty, nothing was charged.
    await expect(slip.getByRole('status').getByText(anyValues(tc('held.text')))).toBeVisible({ timeout: 15_000 });
    await expect(header.getByText(tc('balance.value', { amount: money(0, currency) }))).toBeVisible();

    await page.goto(`/${lng}/office/bets`);
    const history = page.getByRole('region', { name: tc('history.title') });
    await expect(history.getByText(tc('history.hold.advance'))).toBeVisible({ timeout: 15_000 });

    // ---- the securing bet wins: its winnings cover the advance bet, which now stands and is charged ----
    await finishGames(page.request, baseURL ?? '', [secure.gameId], { home: 2, away: 0 });
    await page.reload();
    await expect(history.getByText(tc('history.hold.advance'))).toHaveCount(0, { timeout: 20_000 });
    const won = history
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(escapeRegExp(tc('history.status.won'))) }) });
    const open = history
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(escapeRegExp(tc('history.status.accepted'))) }) });
    await expect(won).toHaveCount(1);
    await expect(open).toHaveCount(1);
    await expect(open.getByText(money(setup.stake, currency)).first()).toBeVisible();
    // The winnings (the deposit at the securing bet's odds) less the advance bet's stake.
    await expect.poll(balanceNow, { timeout: 20_000 }).toBeGreaterThan(setup.deposit * 1.01 - setup.stake - 0.01);
  });
});
