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
import { expect, test } from '../../fixtures/test';

// Runs through `betting-<brand>` projects against the test-mode server (development outbox and the
// /__dev/feed/finish control, docs/contracts/bets-api.md). polar-bet sells bets; rhein-wetten in Germany must not.
test.describe('betting journey', () => {
  test.describe.configure({ timeout: 240_000 });

  test('deposit, an express on three games, balance and history, settlement, and the sale of a bet where allowed', async ({
    page,
    brand,
    baseURL,
  }) => {
    expect(Object.keys(BETTING_BRANDS), 'the betting projects target these brands').toContain(brand.id);
    const setup = BETTING_BRANDS[brand.id as BettingBrandId];
    const lng = brand.language;
    const tc = platformText(lng, 'coupon');
    const currency = setup.currency;
    const origin = baseURL ?? '';

    // ---- a fresh account, signed in (registration by phone through the API; the accounts journey covers the UI) ----
    await registerByPhone(page, origin, brand.id as BettingBrandId);

    // ---- deposit through the sandbox provider: pending, then confirmed, then the new balance ----
    await depositInOffice(page, brand.id as BettingBrandId, lng, setup.deposit, setup.deposit);
    const header = page.getByRole('banner');

    // ---- three selections from three games of the line ----
    await page.goto(`/${lng}/line`);
    const slip = page.getByRole('complementary', { name: tc('panel.title') });
    await expect(slip.getByText(tc('empty.text'))).toBeVisible();
    const picks = await pickGames(page, 4);
    const express = picks.slice(0, 3);
    const single = picks[3];
    if (!single) throw new Error('pickGames returned fewer games than asked');
    for (const pick of express) await pick.button.click();
    await expect(slip.getByRole('list', { name: tc('panel.title') }).getByRole('listitem')).toHaveCount(3);
    // Three selections make an express, named as its size (a Treble on English pages).
    await expect(slip.getByRole('radio', { name: tc('betType.treble'), exact: true })).toBeChecked();

    // ---- place the express (odds moving meanwhile are accepted by the bettor's policy) ----
    // The odds-change policy is among the slip's folded options.
    await openBetOptions(slip, tc('feature.options'));
    await slip.getByLabel(tc('checkCf.label')).selectOption('2');
    await slip.getByLabel(tc('stake.label', { currency })).fill(String(setup.stake));
    await expect(slip.getByText(tc('summary.potentialWin'))).toBeVisible();
    await slip.getByRole('button', { name: tc('submit.label') }).click();
    await slip
      .getByRole('group', { name: tc('confirm.title') })
      .getByRole('button', { name: tc('confirm.ok') })
      .click();
    await expect(slip.getByRole('status').getByText(anyValues(tc('accepted.text')))).toBeVisible({ timeout: 15_000 });
    // The receipt: the three selections with the odds taken, and the stake, return and bet id.
    await expect(slip.getByRole('list', { name: tc('receipt.selections') }).getByRole('listitem')).toHaveCount(3);
    await expect(slip.getByLabel(tc('receipt.figures'))).toContainText(money(setup.stake, currency));
    await expect(slip.getByRole('button', { name: tc('receipt.keep') })).toBeVisible();
    await expect(
      header.getByText(tc('balance.value', { amount: money(setup.deposit - setup.stake, currency) })),
    ).toBeVisible({ timeout: 15_000 });

    // ---- a single on a fourth game, to sell (or find unsellable) later ----
    await slip.getByRole('button', { name: tc('accepted.next') }).click();
    await single.button.click();
    await slip.getByLabel(tc('stake.perEvent', { currency })).fill(String(setup.stake));
    await slip.getByRole('button', { name: tc('submit.label') }).click();
    await slip
      .getByRole('group', { name: tc('confirm.title') })
      .getByRole('button', { name: tc('confirm.ok') })
      .click();
    await expect(slip.getByRole('status').getByText(anyValues(tc('accepted.text')))).toBeVisible({ timeout: 15_000 });
    const afterBets = setup.deposit - 2 * setup.stake;
    await expect(header.getByText(tc('balance.value', { amount: money(afterBets, currency) }))).toBeVisible({
      timeout: 15_000,
    });

    // ---- both bets in the history, open ----
    await page.goto(`/${lng}/office/bets`);
    const history = page.getByRole('region', { name: tc('history.title') });
    const open = history
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(escapeRegExp(tc('history.status.accepted'))) }) });
    await expect(open).toHaveCount(2, { timeout: 15_000 });
    const expressBet = history
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(escapeRegExp(tc('betType.treble'))) }) });
    await expect(expressBet).toHaveCount(1);

    // ---- the simulator finishes the express's games, home wins: the bet settles and the balance rises ----
    const result = await finishGames(
      page.request,
      origin,
      express.map((p) => p.gameId),
      { home: 2, away: 0 },
    );
    expect(result.finished.sort()).toEqual(express.map((p) => p.gameId).sort());
    await expect(
      expressBet.getByRole('heading', { name: new RegExp(escapeRegExp(tc('history.status.won'))) }),
    ).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(async () => amountIn((await header.getByText(anyValues(tc('balance.value'))).textContent()) ?? ''), {
        timeout: 20_000,
      })
      .toBeGreaterThan(afterBets + setup.stake);

    // ---- the open single: sold where the brand and country allow it, no sale button where they do not ----
    const saleButtons = history.getByRole('button', { name: anyValues(tc('history.sale')) });
    if (setup.sale) {
      const before = amountIn((await header.getByText(anyValues(tc('balance.value'))).textContent()) ?? '');
      await expect(saleButtons).toHaveCount(1, { timeout: 15_000 });
      await saleButtons.first().click();
      // The sale asks for a confirmation with the quote and how long it holds.
      const confirm = history.getByRole('group', { name: anyValues(tc('history.saleConfirm')) });
      await expect(confirm.getByText(anyValues(tc('history.saleQuoteHolds')))).toBeVisible();
      await confirm.getByRole('button', { name: tc('history.saleConfirmOk') }).click();
      await expect(history.getByText(anyValues(tc('history.saleDone')))).toBeVisible({ timeout: 15_000 });
      await expect(history.getByText(tc('history.saleFailed'))).toHaveCount(0);
      await expect
        .poll(async () => amountIn((await header.getByText(anyValues(tc('balance.value'))).textContent()) ?? ''), {
          timeout: 20_000,
        })
        .toBeGreaterThan(before);
    } else {
      await expect(open).toHaveCount(1);
      await expect(saleButtons).toHaveCount(0);
      // ... and the bettor is told why.
      await expect(history.getByText(tc('history.saleNotOffered'))).toBeVisible();
    }
  });

  test('on a phone the bet slip is a sheet: opened by the first pick (quick bet) and from its button, closed with Escape or its handle, and the pick survives a reload', async ({
    page,
    brand,
  }) => {
    const tc = platformText(brand.language, 'coupon');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?brand=${brand.id}`);
    await page.goto(`/${brand.language}/line`);
    // An empty slip has no bar on the phone; the tab bar stays, and the page keeps room for it alone (apps/web README,
    // "The phone's slip bar appears with the first selection").
    const tabBar = page.getByRole('navigation', { name: platformText(brand.language, 'common')('tabbar.label') });
    await expect(tabBar).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: tc('panel.open', { count: 0 }) })).toHaveCount(0);
    const bottomRoom = () => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBlockEnd));
    const tabBarHeight = (await tabBar.boundingBox())?.height ?? 0;
    expect(Math.abs((await bottomRoom()) - tabBarHeight)).toBeLessThanOrEqual(1);
    const [first] = await pickGames(page, 1);
    if (!first) throw new Error('pickGames returned no game');
    await first.button.click();
    await expect(first.button).toHaveAttribute('aria-pressed', 'true');
    // Quick bet: the first pick into an empty slip opens the sheet at once, a single with the quick stakes.
    const sheet = page.getByRole('dialog', { name: tc('panel.title') });
    await expect(sheet.getByRole('list', { name: tc('panel.title') }).getByRole('listitem')).toHaveCount(1);
    await expect(sheet.getByRole('radiogroup')).toHaveCount(0);
    // A guest is asked to log in instead of being offered the bet.
    await expect(sheet.getByRole('link', { name: tc('login.link') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    // Opened again from its button, and closed with Escape, the focus goes back to the button.
    const open = page.getByRole('button', { name: tc('panel.open', { count: 1 }) });
    // With a pick the bar shows, and the page's end keeps room for it above the tab bar: nothing hides behind them.
    const openBox = await open.boundingBox();
    expect(await bottomRoom()).toBeGreaterThanOrEqual(tabBarHeight + (openBox?.height ?? Infinity));
    await open.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    // A bottom sheet, closed as a phone's sheets are: dragged down by the handle across its top, once it has slid up.
    // It is opened from further down the line: at the very top the browser anchors nothing (the content check below).
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await open.click();
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(844);
    const sheetBox = await sheet.boundingBox();
    if (!sheetBox) throw new Error('e2e: the sheet has no box');
    // The page behind the open sheet stays put: a wheel over the dimmed page above the sheet does not move what the
    // bettor sees there. Ten frames give the wheel time to scroll; the same wheel once the sheet is closed shows it
    // would have. What is compared is where the page's content under the dimmed area is, not window.scrollY: a game
    // above that leaves the line (it went live) shortens the page, and the browser's scroll anchoring changes scrollY
    // to keep what is seen in place.
    const frames = () =>
      page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let left = 10;
            const tick = () => (--left > 0 ? requestAnimationFrame(tick) : resolve());
            requestAnimationFrame(tick);
          }),
      );
    const x = sheetBox.x + sheetBox.width / 2;
    // The sheet and its backdrop sit in the page; the page's own content under the dimmed strip between the header and
    // the sheet is the element of main that does not hold the dialog, nearest the sheet's top.
    const seen = await page.evaluateHandle(
      ({ x, top }) => {
        for (let y = top - 4; y > 0; y -= 8) {
          const element = document
            .elementsFromPoint(x, y)
            .find((candidate) => candidate.closest('main') && !candidate.querySelector('[role="dialog"]'));
          if (element) return element;
        }
        return null;
      },
      { x, top: sheetBox.y },
    );
    const seenAt = async () => {
      const box = await seen.asElement()?.boundingBox();
      if (!box) throw new Error('e2e: no content of the page shows above the sheet');
      return Math.round(box.y);
    };
    const openedAt = await seenAt();
    await page.mouse.move(x, openedAt + 2);
    await page.mouse.wheel(0, 600);
    await frames();
    expect(await seenAt(), 'the page behind the open sheet does not scroll').toBe(openedAt);
    // Content above changes while the sheet is open, as when the feed adds or takes a game there: the browser keeps
    // what is seen in place (scroll anchoring), and closing the sheet must not put back the scroll position it had at
    // opening, which would move the page by what changed.
    await page.evaluate(() => {
      const above = document.createElement('div');
      above.style.blockSize = '300px';
      document.querySelector('main')?.prepend(above);
    });
    await frames();
    expect(await seenAt(), 'content growing above keeps the page in place').toBe(openedAt);
    await page.mouse.move(x, sheetBox.y + 8);
    await page.mouse.down();
    await page.mouse.move(x, sheetBox.y + 168, { steps: 8 });
    await page.mouse.up();
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    expect(await seenAt(), 'the page is where it was when the sheet opened').toBe(openedAt);
    const scrollY = () => page.evaluate(() => window.scrollY);
    const scrolledTo = await scrollY();
    await page.mouse.wheel(0, 600);
    await expect
      .poll(scrollY, { message: 'the page scrolls again once the sheet is closed' })
      .toBeGreaterThan(scrolledTo);
    await page.reload();
    await expect(page.getByRole('button', { name: tc('panel.open', { count: 1 }) })).toBeVisible({ timeout: 20_000 });
  });
  test('on a phone an empty slip still loads a booking code; removing the last pick keeps the focus, Escape closes', async ({
    page,
    brand,
  }) => {
    const tc = platformText(brand.language, 'coupon');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?brand=${brand.id}`);
    await page.goto(`/${brand.language}/line`);
    // A pick saved under a code (a friend's shared slip), then removed: the bar goes with it.
    const [first] = await pickGames(page, 1);
    if (!first) throw new Error('pickGames returned no game');
    await first.button.click();
    const sheet = page.getByRole('dialog', { name: tc('panel.title') });
    await expect(sheet.getByRole('list', { name: tc('panel.title') }).getByRole('listitem')).toHaveCount(1);
    // The quick-bet sheet, closed, gives the focus back to the odds that opened it; then it is opened from its bar.
    await page.keyboard.press('Escape');
    await expect(first.button).toBeFocused();
    await page.getByRole('button', { name: tc('panel.open', { count: 1 }) }).click();
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: tc('feature.save') }).click();
    const savedText = new RegExp(escapeRegExp(tc('feature.saved')).replace(escapeRegExp('{{code}}'), '([A-Z0-9]+)'));
    const saved = sheet.getByRole('status').filter({ hasText: savedText });
    await expect(saved).toBeVisible();
    const code = savedText.exec((await saved.textContent()) ?? '')?.[1];
    expect(code, 'the saved slip has a code').toBeTruthy();
    // Removing the last pick keeps the focus in the sheet (on the sentence that says it is empty), so Escape closes it.
    await sheet.getByRole('button', { name: anyValues(tc('selection.remove')) }).click();
    await expect(sheet.getByText(tc('empty.text'))).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: tc('panel.open', { count: 1 }) })).toHaveCount(0);
    // The bar that opened the sheet is gone with the pick: the focus is on the page's booking-code entry, not the body.
    const entry = page.getByRole('button', { name: tc('panel.loadCode') });
    await expect(entry).toBeFocused();
    // The entry is there with an empty slip, covers nothing, and nothing runs off the side of a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // From the keyboard: the sheet opens with the focus in the code box, and the code brings the pick back.
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    const codeBox = sheet.getByRole('textbox', { name: tc('feature.loadCode') });
    await expect(codeBox).toBeFocused();
    await page.keyboard.type(code ?? '');
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('list', { name: tc('panel.title') }).getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: tc('panel.open', { count: 1 }) })).toBeVisible();
  });
});
