import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import {
  couponConfigFromSite,
  CouponProvider,
  CouponStore,
  emptyCouponState,
  type CouponPick,
} from '@tessera/sportsbook/data-access-coupon';
import { LiveStore, SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CouponPanel } from './coupon-panel';

type Answer = { status?: number; body?: unknown };

const AUTHORISED = { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } as const;

const currencies = { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro', baseRate: 1, minBetSum: 0.5 } };

function brandWith(
  features: Record<string, boolean>,
  coupon: Record<string, unknown> = {},
  betting?: Record<string, unknown>,
) {
  return testBrandPayload({
    language: 'en',
    config: {
      global: { currencies, defaultCurrency: 'EUR' },
      coupon: { ...coupon, features },
      ...(betting ? { betting } : {}),
    },
  });
}

function pick(gameId: number, odds: number): CouponPick {
  return {
    selection: {
      gameId: String(gameId),
      marketId: `${gameId}:1x2`,
      outcomeId: `${gameId}:1x2:home`,
      odds,
      blocked: false,
      live: false,
    },
    label: { home: `Home ${gameId}`, away: `Away ${gameId}`, market: '1X2', outcome: '1' },
  };
}

/** Renders the panel over the real API client and request builder, with only fetch replaced by `routes`. */
function renderPanel(options: {
  features?: Record<string, boolean>;
  /** Other settings of the coupon section (maxBet, ...). */
  coupon?: Record<string, unknown>;
  /** Settings of the betting section (live and line switches, ...). */
  betting?: Record<string, unknown>;
  picks?: CouponPick[];
  routes?: Record<string, (body: unknown) => Answer>;
  authorised?: boolean;
  sheetOpenAtStart?: boolean;
  codeRequest?: number;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const brand = brandWith(options.features ?? {}, options.coupon, options.betting);
  const requests: { path: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ path: url.pathname, body });
    const route = options.routes?.[url.pathname];
    const answer = route ? route(body) : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  const store = new CouponStore(emptyCouponState('EUR'), couponConfigFromSite(brand.config));
  for (const p of options.picks ?? []) store.toggle(p);
  const onBetAccepted = vi.fn();
  const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  const view = renderWithProviders(
    <SportsbookProvider store={new LiveStore()} createSocket={null}>
      <CouponProvider store={store} client={client} storage={storage}>
        <CouponPanel
          authorised={options.authorised ?? true}
          balance={500}
          onBetAccepted={onBetAccepted}
          sheetOpenAtStart={options.sheetOpenAtStart ?? false}
          codeRequest={options.codeRequest ?? 0}
          {...(options.fallbackFocus ? { fallbackFocus: options.fallbackFocus } : {})}
        />
      </CouponProvider>
    </SportsbookProvider>,
    { brand, realLanguage: true, route: '/en/line', ...(options.authorised === false ? {} : { session: AUTHORISED }) },
  );
  return { ...view, store, requests, onBetAccepted };
}

/** The mobile sheet: the same bet slip as the side panel, opened from the button at the bottom. */
async function openSheet(t: (key: never, values?: Record<string, string | number>) => string, count: number) {
  await userEvent.click(screen.getByRole('button', { name: t('coupon:panel.open' as never, { count }) }));
  return screen.getByRole('dialog', { name: t('coupon:panel.title' as never) });
}

const openLine = { body: { events: [] } };

// Typing into inputs is slow on a loaded machine: these tests get more time than the default 5 s.
describe('CouponPanel', { timeout: 20_000 }, () => {
  it('opens the sheet at once when asked to, and gives the focus to the sheet button on close', async () => {
    const { t } = renderPanel({ picks: [pick(1, 2)], sheetOpenAtStart: true });
    const sheet = screen.getByRole('dialog', { name: t('coupon:panel.title') });
    // The shared Modal's bottom sheet on a phone (its place on the screen is the e2e home spec's).
    expect(sheet).toHaveAttribute('data-variant', 'sheet');
    expect(within(sheet).getByRole('list', { name: t('coupon:panel.title') })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('coupon:panel.open', { count: 1 }) })).toHaveFocus();
  });

  it('shows no slip bar on a phone while the slip is empty, and brings it with the first pick', () => {
    const { t, store } = renderPanel({});
    // The aside is for wide screens (hidden here, as jsdom matches no media query): on a phone nothing is offered.
    expect(screen.queryByRole('button', { name: t('coupon:panel.open', { count: 0 }) })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
    act(() => store.toggle(pick(1, 2)));
    expect(screen.getByRole('button', { name: t('coupon:panel.open', { count: 1 }) })).toBeVisible();
    act(() => store.toggle(pick(2, 3)));
    expect(screen.getByRole('button', { name: t('coupon:panel.open', { count: 2 }) })).toBeVisible();
  });

  it('says the slip is empty once its last pick is removed in the sheet, and takes the bar away on close', async () => {
    const { t } = renderPanel({ picks: [pick(1, 2)] });
    const sheet = await openSheet(t as never, 1);
    await userEvent.click(
      within(sheet).getByRole('button', {
        name: t('coupon:selection.remove', { outcome: '1', home: 'Home 1', away: 'Away 1' }),
      }),
    );
    expect(within(sheet).getByText(t('coupon:empty.text'))).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: t('common:button.close') }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('coupon:panel.open', { count: 0 }) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('coupon:panel.open', { count: 1 }) })).not.toBeInTheDocument();
  });

  it('keeps the focus in the sheet when its last pick is removed: Escape closes it, the focus goes to the entry', async () => {
    // The page's own entry to the slip (the app's booking-code button), outside the panel.
    const entry = document.body.appendChild(document.createElement('button'));
    entry.textContent = 'entry';
    try {
      const { t } = renderPanel({ picks: [pick(1, 2)], fallbackFocus: () => entry });
      const sheet = await openSheet(t as never, 1);
      await userEvent.click(
        within(sheet).getByRole('button', {
          name: t('coupon:selection.remove', { outcome: '1', home: 'Home 1', away: 'Away 1' }),
        }),
      );
      // Not the page's body: the sentence that says the slip is empty, inside the sheet.
      expect(within(sheet).getByText(t('coupon:empty.text'))).toHaveFocus();
      // No "Bet slip (0)" bar behind the sheet of an empty slip.
      expect(screen.queryByRole('button', { name: t('coupon:panel.open', { count: 0 }), hidden: true })).toBeNull();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The bar went with the last pick, so the focus goes to the page's entry, not to the body.
      expect(screen.queryByRole('button', { name: t('coupon:panel.open', { count: 0 }) })).not.toBeInTheDocument();
      expect(entry).toHaveFocus();
    } finally {
      entry.remove();
    }
  });

  it('hands the focus to the remove button now in the place of a removed pick, or the one before it', async () => {
    const { t } = renderPanel({ picks: [pick(1, 2), pick(2, 3), pick(3, 4)] });
    const sheet = await openSheet(t as never, 3);
    const remove = (n: number) =>
      within(sheet).getByRole('button', {
        name: t('coupon:selection.remove', { outcome: '1', home: `Home ${n}`, away: `Away ${n}` }),
      });
    await userEvent.click(remove(2));
    expect(remove(3)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(remove(1)).toHaveFocus();
  });

  it('on a wide screen, removing the last pick puts the focus on the empty slip sentence, not the body', async () => {
    const { t } = renderPanel({ picks: [pick(1, 2)] });
    // The side column (hidden here, as jsdom matches no media query, and so unnamed to the queries: the only one).
    const [aside, ...others] = screen.getAllByRole('complementary', { hidden: true });
    expect(others).toEqual([]);
    if (!aside) throw new Error('no side column');
    await userEvent.click(
      within(aside).getByRole('button', {
        name: t('coupon:selection.remove', { outcome: '1', home: 'Home 1', away: 'Away 1' }),
        hidden: true,
      }),
    );
    expect(within(aside).getByText(t('coupon:empty.text'))).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });

  it('opens the sheet with the focus in the code box when a booking code is asked for, with an empty slip', async () => {
    const { t } = renderPanel({ features: { saveLoad: true }, codeRequest: 1 });
    const sheet = await screen.findByRole('dialog', { name: t('coupon:panel.title') });
    expect(within(sheet).getByRole('textbox', { name: t('coupon:feature.loadCode') })).toHaveFocus();
    expect(within(sheet).getByText(t('coupon:empty.text'))).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the focus in the sheet when a code fills an empty slip, so Escape still closes it', async () => {
    const { t } = renderPanel({
      features: { saveLoad: true },
      codeRequest: 1,
      routes: {
        '/service-api/LiveBet/Open/GetCoupon': () => ({
          body: {
            CouponCode: 'ABCD2345',
            vid: 1,
            events: [
              {
                index: 0,
                gameId: 7,
                outcomeId: '7:1x2:home',
                marketId: '7:1x2',
                coef: 1.9,
                previousCoef: 1.9,
                changed: false,
                blocked: false,
                finished: false,
                live: false,
              },
            ],
          },
        }),
      },
    });
    const sheet = await screen.findByRole('dialog', { name: t('coupon:panel.title') });
    await userEvent.keyboard('abcd2345{Enter}');
    await within(sheet).findByRole('list', { name: t('coupon:panel.title') });
    expect(within(sheet).getByRole('textbox', { name: t('coupon:feature.loadCode') })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('makes three picks an express and prices it with util-coupon', async () => {
    const { t } = renderPanel({ picks: [pick(1, 2), pick(2, 2), pick(3, 2)] });
    const sheet = await openSheet(t as never, 3);
    expect(within(sheet).getByRole('radio', { name: t('coupon:betType.treble') })).toBeChecked();
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.label', { currency: 'EUR' })), '10');
    // 10.00 at 2 x 2 x 2 = 8.00 returns 80.00.
    expect(within(sheet).getByText('80.00 €')).toBeInTheDocument();
    expect(within(sheet).getByText('8.00')).toBeInTheDocument();
  });

  it('marks a moved price up or down with the price before, shows a suspended selection, and asks to accept', async () => {
    const { t, store } = renderPanel({ picks: [pick(1, 2), pick(2, 2.5), pick(3, 1.8)] });
    act(() =>
      store.update([
        { outcomeId: '1:1x2:home', odds: 2.2 },
        { outcomeId: '2:1x2:home', odds: 2.3 },
        { outcomeId: '3:1x2:home', blocked: true },
      ]),
    );
    const sheet = await openSheet(t as never, 3);
    const list = within(sheet).getByRole('list', { name: t('coupon:panel.title') });
    expect(within(list).getByText(t('coupon:selection.oddsUp', { from: '2.00', to: '2.20' }))).toBeInTheDocument();
    expect(within(list).getByText(t('coupon:selection.oddsDown', { from: '2.50', to: '2.30' }))).toBeInTheDocument();
    expect(within(list).getByText(t('coupon:selection.suspended'))).toBeInTheDocument();
    expect(within(sheet).getByText(t('coupon:changes.moved'))).toBeInTheDocument();
    // The bettor asks to confirm every change (CheckCf 0, the default): the bet waits for the changes to be accepted.
    expect(within(sheet).queryByRole('button', { name: t('coupon:submit.label') })).not.toBeInTheDocument();
    const accept = within(sheet).getAllByRole('button', { name: t('coupon:changes.accept') });
    await userEvent.click(accept[accept.length - 1] as HTMLElement);
    expect(
      within(list).queryByText(t('coupon:selection.oddsUp', { from: '2.00', to: '2.20' })),
    ).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: t('coupon:submit.label') })).toBeInTheDocument();
    // The suspended selection can be taken out in one go.
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:changes.removeSuspended') }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('loads a coupon by code and names its selections as their odds buttons would', async () => {
    const event = (gameId: number, extra: Record<string, unknown>) => ({
      index: 0,
      gameId,
      outcomeId: `${gameId}:total:2.5:over`,
      marketId: `${gameId}:total:2.5`,
      coef: 1.9,
      previousCoef: 1.9,
      changed: false,
      blocked: false,
      finished: false,
      live: false,
      ...extra,
    });
    const { t } = renderPanel({
      features: { saveLoad: true },
      picks: [pick(9, 1.5)],
      routes: {
        '/service-api/LiveBet/Open/GetCoupon': () => ({
          body: {
            CouponCode: 'ABCD2345',
            vid: 1,
            Summ: 5,
            events: [
              event(7, {
                home: 'Arsenal',
                away: 'Chelsea',
                marketType: 'total',
                marketLine: 2.5,
                outcomeCode: 'over',
                outcomeNameKey: 'feed:outcome.over',
              }),
              // A game the line no longer has: the teams are unknown, the coupon still shows what it can.
              { ...event(8, {}), index: 1, finished: true },
            ],
          },
        }),
      },
    });
    // On a phone the slip (and its code box) is reached from its bar, there once the slip has a pick.
    const sheet = await openSheet(t as never, 1);
    await userEvent.type(within(sheet).getByRole('textbox', { name: t('coupon:feature.loadCode') }), 'abcd2345');
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:feature.load') }));
    const list = await within(sheet).findByRole('list', { name: t('coupon:panel.title') });
    expect(
      within(list).getByText(t('coupon:selection.game', { home: 'Arsenal', away: 'Chelsea' })),
    ).toBeInTheDocument();
    expect(
      within(list).getByText(
        t('coupon:selection.pick', {
          market: `${t('sportsbook:market.total')} 2.5`,
          outcome: `${t('sportsbook:outcome.over')} 2.5`,
        }),
      ),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('refuses a stake above the brand maximum, and takes it as a VIP bet for the trading desk when asked', async () => {
    const { t } = renderPanel({ features: { vipBet: true }, coupon: { maxBet: { EUR: 100 } }, picks: [pick(1, 2)] });
    const sheet = await openSheet(t as never, 1);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.perEvent', { currency: 'EUR' })), '150');
    expect(within(sheet).getByText(t('coupon:issue.aboveMaximumStakeOf', { amount: '100.00 €' }))).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: t('coupon:submit.label') })).toBeDisabled();
    await userEvent.click(within(sheet).getByRole('checkbox', { name: t('coupon:feature.vipBet') }));
    await userEvent.type(
      within(sheet).getByRole('textbox', { name: t('coupon:feature.vipBetSumm', { currency: 'EUR' }) }),
      '400',
    );
    expect(
      within(sheet).queryByText(t('coupon:issue.aboveMaximumStakeOf', { amount: '100.00 €' })),
    ).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: t('coupon:submit.vip') })).toBeEnabled();
  });

  it('offers exactly the coupon features the brand switches on', async () => {
    const on = renderPanel({
      features: {
        vipBet: true,
        powerBet: true,
        insurance: true,
        lobby: true,
        promoCode: true,
        autoBet: true,
        oneClick: true,
        print: true,
        saveLoad: true,
        expressBoost: true,
      },
      picks: [pick(1, 2), pick(2, 2)],
    });
    let sheet = await openSheet(on.t as never, 2);
    for (const key of [
      'coupon:feature.vipBet',
      'coupon:feature.powerBet',
      'coupon:feature.insurance',
      'coupon:feature.lobby',
      'coupon:feature.oneClick',
      'coupon:feature.expressBoost',
    ] as const) {
      expect(within(sheet).getByRole('checkbox', { name: on.t(key) })).toBeInTheDocument();
    }
    expect(within(sheet).getByRole('textbox', { name: on.t('coupon:feature.promoCode') })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: on.t('coupon:feature.print') })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: on.t('coupon:feature.save') })).toBeInTheDocument();
    // Insurance says what it costs once there is a stake: 10.00 on 2 x 2 loses with 3/4, plus the 10% margin.
    await userEvent.type(within(sheet).getByLabelText(on.t('coupon:stake.label', { currency: 'EUR' })), '10');
    expect(
      within(sheet).getByText(on.t('coupon:feature.insuranceCost', { cost: '8.25 €', back: '10.00 €' })),
    ).toBeInTheDocument();
    // A VIP bet is not insured (the desk prices it): asking for one takes the insurance switch away.
    await userEvent.click(within(sheet).getByRole('checkbox', { name: on.t('coupon:feature.vipBet') }));
    expect(within(sheet).queryByRole('checkbox', { name: on.t('coupon:feature.insurance') })).not.toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('checkbox', { name: on.t('coupon:feature.vipBet') }));
    // Auto-bet is a single on one event (the server's rule), express boost an express: each shows only for its kind.
    expect(within(sheet).queryByRole('checkbox', { name: on.t('coupon:feature.autoBet') })).not.toBeInTheDocument();
    await userEvent.click(
      within(sheet).getByRole('button', {
        name: on.t('coupon:selection.remove', { outcome: '1', home: 'Home 2', away: 'Away 2' }),
      }),
    );
    expect(within(sheet).getByRole('checkbox', { name: on.t('coupon:feature.autoBet') })).toBeInTheDocument();
    expect(
      within(sheet).queryByRole('checkbox', { name: on.t('coupon:feature.expressBoost') }),
    ).not.toBeInTheDocument();
    on.unmount();

    const off = renderPanel({
      features: {
        vipBet: false,
        powerBet: false,
        insurance: false,
        lobby: false,
        promoCode: false,
        autoBet: false,
        oneClick: false,
        print: false,
        saveLoad: false,
        expressBoost: false,
      },
      picks: [pick(1, 2), pick(2, 2)],
    });
    sheet = await openSheet(off.t as never, 2);
    for (const key of [
      'coupon:feature.vipBet',
      'coupon:feature.powerBet',
      'coupon:feature.insurance',
      'coupon:feature.lobby',
      'coupon:feature.autoBet',
      'coupon:feature.oneClick',
      'coupon:feature.expressBoost',
    ] as const) {
      expect(within(sheet).queryByRole('checkbox', { name: off.t(key) })).not.toBeInTheDocument();
    }
    expect(within(sheet).queryByRole('textbox', { name: off.t('coupon:feature.promoCode') })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: off.t('coupon:feature.print') })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: off.t('coupon:feature.save') })).not.toBeInTheDocument();
    // The bet itself is still offered: switching features off never removes the coupon.
    expect(within(sheet).getByRole('button', { name: off.t('coupon:submit.label') })).toBeInTheDocument();
    // A single on one event, where auto-bet would show if it were on.
    await userEvent.click(
      within(sheet).getByRole('button', {
        name: off.t('coupon:selection.remove', { outcome: '1', home: 'Home 2', away: 'Away 2' }),
      }),
    );
    // One selection is a single: no bet-type choice, the stake is per event.
    expect(within(sheet).queryByRole('radiogroup', { name: off.t('coupon:betType.label') })).not.toBeInTheDocument();
    expect(
      within(sheet).getByRole('textbox', { name: off.t('coupon:stake.perEvent', { currency: 'EUR' }) }),
    ).toBeInTheDocument();
    expect(within(sheet).queryByRole('checkbox', { name: off.t('coupon:feature.autoBet') })).not.toBeInTheDocument();
  });

  it('prints the slip alone: its selections, stake and potential win, and the page is itself again after the dialog', async () => {
    const { t } = renderPanel({ features: { print: true }, picks: [pick(1, 2), pick(2, 2.5)] });
    const sheet = await openSheet(t as never, 2);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.label', { currency: 'EUR' })), '10');
    let printed: { marked: boolean; text: string } | undefined;
    // The browser's dialog: what is on paper while it is open is the printed region, and the document is marked.
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      // Hidden on screen by design (the global style shows it on paper only): found among hidden elements too.
      const region = screen.getByRole('region', { name: t('coupon:print.title'), hidden: true });
      printed = { marked: document.documentElement.hasAttribute('data-printing'), text: region.textContent ?? '' };
      expect(region.parentElement).toBe(document.body);
    });
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:feature.print') }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(printed?.marked).toBe(true);
    for (const text of ['Home 1', 'Away 2', '2.50', t('coupon:betType.double'), '10.00 €', '50.00 €'])
      expect(printed?.text).toContain(text);
    // Closed: nothing printable is left and the page prints as a page again.
    expect(screen.queryByRole('region', { name: t('coupon:print.title'), hidden: true })).not.toBeInTheDocument();
    expect(document.documentElement.hasAttribute('data-printing')).toBe(false);
    print.mockRestore();
  });

  it('places the express after confirmation, announces it, empties the coupon and tells the app', async () => {
    const view = renderPanel({
      picks: [pick(1, 2), pick(2, 2), pick(3, 2)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Secure/MakeBetWeb': (body) => ({
          body: {
            status: 'accepted',
            betGuid: (body as { betGUID: string }).betGUID,
            bets: [{ betId: 'b_42', coef: 8, summ: 10, potentialWin: 80 }],
            summ: 10,
            stakeTax: 0,
            potentialWin: 80,
            balance: 490,
            currency: 'EUR',
            changes: [],
          },
        }),
      },
    });
    const { t } = view;
    const sheet = await openSheet(t as never, 3);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.label', { currency: 'EUR' })), '10');
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:submit.label') }));
    const confirm = await within(sheet).findByRole('group', { name: t('coupon:confirm.title') });
    expect(confirm).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: t('coupon:confirm.ok') }));
    expect(await within(sheet).findByText(t('coupon:accepted.text', { id: 'b_42' }))).toBeInTheDocument();
    expect(view.store.getState().coupon.selections).toHaveLength(0);
    expect(view.onBetAccepted).toHaveBeenCalledWith('b_42');
    const placed = view.requests.find((r) => r.path === '/service-api/LiveBet/Secure/MakeBetWeb')?.body as Record<
      string,
      unknown
    >;
    expect(placed).toMatchObject({
      vid: 1,
      Summ: 10,
      CheckCf: 0,
      Events: [
        { gameId: 1, outcomeId: '1:1x2:home', coef: 2 },
        { gameId: 2, outcomeId: '2:1x2:home', coef: 2 },
        { gameId: 3, outcomeId: '3:1x2:home', coef: 2 },
      ],
    });
    expect(placed['betGUID']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens the quick-bet sheet on a phone when the bettor picks into an empty slip, not for a restored coupon', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const { t, store } = renderPanel({ coupon: { quickStakes: { EUR: [5, 10] } } });
      // Loaded by code (a restored or loaded coupon): no click, no sheet.
      act(() => store.toggle(pick(7, 2)));
      expect(screen.queryByRole('dialog', { name: t('coupon:panel.title') })).not.toBeInTheDocument();
      act(() => store.clear());
      // The bettor's pick: a click on odds.
      act(() => {
        document.body.click();
        store.toggle(pick(1, 2));
      });
      const sheet = await screen.findByRole('dialog', { name: t('coupon:panel.title') });
      expect(within(sheet).getByRole('group', { name: t('coupon:stake.quick') })).toBeInTheDocument();
      expect(within(sheet).queryByRole('radiogroup')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts simple: one selection is a single with the quick stakes of its currency; bet types come with the second', async () => {
    const { t, store } = renderPanel({
      coupon: { quickStakes: { EUR: [5, 20], GBP: [1, 2] } },
      features: { promoCode: true },
      picks: [pick(1, 2)],
    });
    let sheet = await openSheet(t as never, 1);
    expect(within(sheet).queryByRole('radiogroup', { name: t('coupon:betType.label') })).not.toBeInTheDocument();
    const quick = within(sheet).getByRole('group', { name: t('coupon:stake.quick') });
    // The euro amounts, not the pound ones.
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['5.00 €', '20.00 €']);
    await userEvent.click(within(quick).getByRole('button', { name: '20.00 €' }));
    expect(within(sheet).getByLabelText(t('coupon:stake.perEvent', { currency: 'EUR' }))).toHaveValue('20');
    expect(store.getState().coupon.stake).toBe(20);
    // 20.00 at 2.00 returns 40.00.
    expect(within(sheet).getByText('40.00 €')).toBeInTheDocument();
    // The options are folded away until the bettor opens them.
    const options = within(sheet).getByText(t('coupon:feature.options'), { selector: 'summary' });
    expect(options.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(options);
    expect(options.closest('details')).toHaveAttribute('open');
    await userEvent.type(within(sheet).getByRole('textbox', { name: t('coupon:feature.promoCode') }), 'SPRING');
    expect(options).toHaveTextContent(`${t('coupon:feature.options')} (1)`);
    // A second selection brings the bet types, each one that two selections allow.
    await userEvent.keyboard('{Escape}');
    act(() => store.toggle(pick(2, 3)));
    sheet = await openSheet(t as never, 2);
    const types = within(sheet).getByRole('radiogroup', { name: t('coupon:betType.label') });
    expect(within(types).getByRole('radio', { name: t('coupon:betType.double') })).toBeChecked();
    expect(within(types).queryByRole('radio', { name: t('coupon:betType.system') })).not.toBeInTheDocument();
  });

  it('offers the brand’s full covers that fit the selections, with the stake per bet and the bets it makes', async () => {
    const view = renderPanel({
      coupon: { fullCoverBets: { trixie: true, yankee: true, lucky15: true } },
      picks: [pick(1, 2), pick(2, 3), pick(3, 4)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Secure/MakeBetWeb': (body) => ({
          body: {
            status: 'accepted',
            betGuid: (body as { betGUID: string }).betGUID,
            bets: [{ betId: 'b_88', coef: 12.5, summ: 4, potentialWin: 50 }],
            summ: 4,
            stakeTax: 0,
            potentialWin: 50,
            balance: 496,
            currency: 'EUR',
            changes: [],
          },
        }),
      },
    });
    const { t, store } = view;
    const sheet = await openSheet(t as never, 3);
    const types = within(sheet).getByRole('radiogroup', { name: t('coupon:betType.label') });
    const trixie = within(types).getByRole('radio', {
      name: t('coupon:fullCover.option', { name: t('coupon:betType.trixie'), count: 4 }),
    });
    // Three selections: a Trixie; the Yankee and Lucky 15 take four, and the brand does not offer the Patent.
    expect(within(types).queryByRole('radio', { name: new RegExp(t('coupon:betType.yankee')) })).toBeNull();
    expect(within(types).queryByRole('radio', { name: new RegExp(t('coupon:betType.patent')) })).toBeNull();
    await userEvent.click(trixie);
    expect(trixie).toBeChecked();
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.perLine', { currency: 'EUR' })), '1');
    const summary = within(sheet).getByLabelText(t('coupon:summary.label'));
    const total = t('coupon:fullCover.lines', { count: 4, stake: '1.00 €', total: '4.00 €' });
    expect(summary).toHaveTextContent(total);
    // Doubles 2×3 + 2×4 + 3×4 = 26 and the treble 24, at 1.00 each.
    expect(summary).toHaveTextContent('50.00 €');
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:submit.label') }));
    const confirm = await within(sheet).findByRole('group', { name: t('coupon:confirm.title') });
    await userEvent.click(within(confirm).getByRole('button', { name: t('coupon:confirm.ok') }));
    await within(sheet).findByText(t('coupon:accepted.text', { id: 'b_88' }));
    expect(view.requests.find((r) => r.path === '/service-api/LiveBet/Secure/MakeBetWeb')?.body).toMatchObject({
      vid: 4,
      FullCover: 'trixie',
      Summ: 1,
    });
    const figures = within(sheet).getByLabelText(t('coupon:receipt.figures'));
    expect(figures).toHaveTextContent(t('coupon:betType.trixie'));
    expect(figures).toHaveTextContent(total);

    // Kept for another bet and given a fourth selection, the slip offers the Yankee and the Lucky 15 instead.
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:receipt.keep') }));
    act(() => store.toggle(pick(4, 2)));
    expect(store.getState().coupon.betType).toBe('express');
    const four = within(sheet).getByRole('radiogroup', { name: t('coupon:betType.label') });
    expect(
      within(four).getByRole('radio', {
        name: t('coupon:fullCover.option', { name: t('coupon:betType.lucky15'), count: 15 }),
      }),
    ).toBeInTheDocument();
    expect(within(four).queryByRole('radio', { name: new RegExp(t('coupon:betType.trixie')) })).toBeNull();
  });

  it('shows a receipt of the accepted bet: selections, odds taken, stake, return and id; keeps the selections and shares them', async () => {
    const view = renderPanel({
      picks: [pick(1, 2), pick(2, 2.5)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Secure/MakeBetWeb': (body) => ({
          body: {
            status: 'accepted',
            betGuid: (body as { betGUID: string }).betGUID,
            bets: [{ betId: 'b_77', coef: 5, summ: 10, potentialWin: 50 }],
            summ: 10,
            stakeTax: 0,
            potentialWin: 50,
            balance: 490,
            currency: 'EUR',
            changes: [],
          },
        }),
      },
    });
    const { t } = view;
    const sheet = await openSheet(t as never, 2);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.label', { currency: 'EUR' })), '10');
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:submit.label') }));
    const confirm = await within(sheet).findByRole('group', { name: t('coupon:confirm.title') });
    await userEvent.click(within(confirm).getByRole('button', { name: t('coupon:confirm.ok') }));
    await within(sheet).findByText(t('coupon:accepted.text', { id: 'b_77' }));
    expect(view.store.getState().coupon.selections).toHaveLength(0);
    const selections = within(sheet).getByRole('list', { name: t('coupon:receipt.selections') });
    expect(within(selections).getAllByRole('listitem')).toHaveLength(2);
    expect(selections).toHaveTextContent('Home 1 – Away 1');
    expect(selections).toHaveTextContent('1X2: 1');
    expect(selections).toHaveTextContent('2.50');
    const figures = within(sheet).getByLabelText(t('coupon:receipt.figures'));
    expect(figures).toHaveTextContent(t('coupon:betType.double'));
    expect(figures).toHaveTextContent('10.00 €');
    expect(figures).toHaveTextContent('50.00 €');
    expect(figures).toHaveTextContent('b_77');
    // No Web Share API here: the text goes to the clipboard.
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:receipt.share') }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]?.[0]).toContain('b_77');
    expect(writeText.mock.calls[0]?.[0]).toContain('Home 2 – Away 2 · 1X2: 1 @ 2.50');
    expect(within(sheet).getByText(t('coupon:receipt.copied'))).toBeInTheDocument();
    // Keep selections: the same two picks, their stake and bet type, back in the slip for the next bet.
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:receipt.keep') }));
    expect(view.store.getState().coupon.selections.map((s) => s.outcomeId)).toEqual(['1:1x2:home', '2:1x2:home']);
    expect(view.store.getState().coupon.stake).toBe(10);
    expect(within(sheet).queryByRole('list', { name: t('coupon:receipt.selections') })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: t('coupon:submit.label') })).toBeEnabled();
  });

  it('shares the receipt through the Web Share API where the browser has it', async () => {
    const view = renderPanel({
      picks: [pick(1, 2)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Secure/MakeBetWeb': (body) => ({
          body: {
            status: 'accepted',
            betGuid: (body as { betGUID: string }).betGUID,
            bets: [{ betId: 'b_8', coef: 2, summ: 5, potentialWin: 10 }],
            summ: 5,
            stakeTax: 0,
            potentialWin: 10,
            balance: 495,
            currency: 'EUR',
            changes: [],
          },
        }),
      },
    });
    const { t } = view;
    const sheet = await openSheet(t as never, 1);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.perEvent', { currency: 'EUR' })), '5');
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:submit.label') }));
    const confirm = await within(sheet).findByRole('group', { name: t('coupon:confirm.title') });
    await userEvent.click(within(confirm).getByRole('button', { name: t('coupon:confirm.ok') }));
    await within(sheet).findByText(t('coupon:accepted.text', { id: 'b_8' }));
    const share = vi.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:receipt.share') }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(share.mock.calls[0]?.[0].text).toContain('b_8');
    expect(within(sheet).getByText(t('coupon:receipt.shared'))).toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'share');
    // New bet: the receipt goes, the slip is empty.
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:accepted.next') }));
    expect(within(sheet).getByText(t('coupon:empty.text'))).toBeInTheDocument();
  });

  it('asks about changed odds and re-places under the same betGUID with the approved prices', async () => {
    let calls = 0;
    const view = renderPanel({
      picks: [pick(1, 2), pick(2, 2)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Secure/MakeBetWeb': (body) => {
          calls += 1;
          const guid = (body as { betGUID: string }).betGUID;
          return calls === 1
            ? { body: { status: 'oddsChanged', betGuid: guid, changes: [{ index: 0, previous: 2, current: 1.8 }] } }
            : {
                body: {
                  status: 'accepted',
                  betGuid: guid,
                  bets: [{ betId: 'b_9', coef: 3.6, summ: 10, potentialWin: 36 }],
                  summ: 10,
                  stakeTax: 0,
                  potentialWin: 36,
                  balance: 490,
                  currency: 'EUR',
                  changes: [],
                },
              };
        },
      },
    });
    const { t } = view;
    const sheet = await openSheet(t as never, 2);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.label', { currency: 'EUR' })), '10');
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:submit.label') }));
    await userEvent.click(await within(sheet).findByRole('button', { name: t('coupon:confirm.ok') }));
    const changed = await within(sheet).findByRole('group', { name: t('coupon:oddsChanged.title') });
    expect(changed).toHaveFocus();
    expect(
      within(changed).getByText(t('coupon:oddsChanged.item', { n: 1, previous: '2.00', current: '1.80' })),
    ).toBeInTheDocument();
    await userEvent.click(within(changed).getByRole('button', { name: t('coupon:oddsChanged.accept') }));
    expect(await within(sheet).findByText(t('coupon:accepted.text', { id: 'b_9' }))).toBeInTheDocument();
    const [first, second] = view.requests
      .filter((r) => r.path.endsWith('MakeBetWeb'))
      .map((r) => r.body as Record<string, unknown>);
    expect(second?.['betGUID']).toBe(first?.['betGUID']);
    expect(second).toMatchObject({
      ApprovedBet: true,
      Events: [
        { gameId: 1, outcomeId: '1:1x2:home', coef: 1.8 },
        { gameId: 2, outcomeId: '2:1x2:home', coef: 2 },
      ],
    });
  });

  it('places a one-click single from an odds click, without touching the coupon, where the brand offers it', async () => {
    const view = renderPanel({
      features: { oneClick: true },
      picks: [pick(1, 2)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Secure/MakeBetWeb': (body) => ({
          body: {
            status: 'accepted',
            betGuid: (body as { betGUID: string }).betGUID,
            bets: [{ betId: 'b_1c', coef: 3, summ: 5, potentialWin: 15 }],
            summ: 5,
            stakeTax: 0,
            potentialWin: 15,
            balance: 495,
            currency: 'EUR',
            changes: [],
          },
        }),
      },
    });
    const { t } = view;
    const sheet = await openSheet(t as never, 1);
    await userEvent.click(within(sheet).getByRole('checkbox', { name: t('coupon:feature.oneClick') }));
    await userEvent.type(within(sheet).getByLabelText(t('coupon:feature.oneClickStake', { currency: 'EUR' })), '5');
    // What a click on another game's odds button does (useCouponPick calls store.toggle).
    await act(async () => view.store.toggle(pick(7, 3)));
    expect(await within(sheet).findByText(t('coupon:accepted.text', { id: 'b_1c' }))).toBeInTheDocument();
    const placed = view.requests.find((r) => r.path.endsWith('MakeBetWeb'))?.body;
    expect(placed).toMatchObject({
      OneClickBet: true,
      vid: 0,
      Summ: 5,
      Events: [{ gameId: 7, outcomeId: '7:1x2:home', coef: 3 }],
    });
    expect(view.store.getState().coupon.selections.map((s) => s.gameId)).toEqual(['1']);
    expect(view.onBetAccepted).toHaveBeenCalledWith('b_1c');
  });

  it('shows the server’s refusal by its code in an alert, and keeps the coupon', async () => {
    const view = renderPanel({
      picks: [pick(1, 2)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Secure/MakeBetWeb': () => ({
          status: 422,
          body: {
            message: 'Bet refused',
            detail: 'above_maximum_stake: the stake is above 100.00 EUR',
            error_code: 1022,
          },
        }),
      },
    });
    const { t } = view;
    const sheet = await openSheet(t as never, 1);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.perEvent', { currency: 'EUR' })), '5');
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:submit.label') }));
    await userEvent.click(await within(sheet).findByRole('button', { name: t('coupon:confirm.ok') }));
    const alert = await within(sheet).findByText(
      t('coupon:rejected.text', { reason: t('coupon:issue.aboveMaximumStake') }),
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(view.store.getState().coupon.selections).toHaveLength(1);
  });

  it('refuses a stake above the balance before sending anything', async () => {
    const view = renderPanel({ picks: [pick(1, 2)] });
    const { t } = view;
    const sheet = await openSheet(t as never, 1);
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.perEvent', { currency: 'EUR' })), '600');
    expect(within(sheet).getByText(t('coupon:issue.aboveBalance'))).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: t('coupon:submit.label') })).toBeDisabled();
    expect(view.requests.filter((r) => r.path.includes('MakeBet'))).toHaveLength(0);
  });

  it('bets above the balance on advance: within the advance the bet is held and placed, above it refused before sending', async () => {
    let advance = 1000;
    const view = renderPanel({
      features: { advanceBet: true },
      picks: [pick(1, 2)],
      routes: {
        '/service-api/LiveBet/Open/UpdateCoupon': () => openLine,
        '/service-api/LiveBet/Open/GetAvance': () => ({
          body: {
            advance,
            currency: 'EUR',
            secured: 1000,
            held: 1000 - advance,
            openBets: 2,
            sharePercent: 50,
            maxAmount: null,
          },
        }),
        '/service-api/LiveBet/Secure/MakeBetWeb': (body) => {
          advance = 0;
          return {
            body: {
              status: 'waiting',
              betGuid: (body as { betGUID: string }).betGUID,
              betId: 'b_77',
              reason: 'advance',
            },
          };
        },
      },
    });
    const { t } = view;
    const sheet = await openSheet(t as never, 1);
    const stake = within(sheet).getByLabelText(t('coupon:stake.perEvent', { currency: 'EUR' }));
    await userEvent.type(stake, '1200');
    const option = await within(sheet).findByRole('checkbox', { name: t('coupon:feature.advanceBet') });
    expect(option).toHaveAccessibleDescription(t('coupon:feature.advanceText', { amount: '1,000.00 €' }));
    expect(within(sheet).getByText(t('coupon:issue.aboveBalance'))).toBeInTheDocument();

    await userEvent.click(option);
    // 1200 is above the balance (500) and the advance (1000): refused before sending, naming the advance.
    expect(within(sheet).getByText(t('coupon:issue.aboveAdvance', { amount: '1,000.00 €' }))).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: t('coupon:submit.label') })).toBeDisabled();

    await userEvent.clear(stake);
    await userEvent.type(stake, '800');
    expect(within(sheet).queryByText(t('coupon:issue.aboveBalance'))).not.toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: t('coupon:submit.label') }));
    await userEvent.click(
      within(await within(sheet).findByRole('group', { name: t('coupon:confirm.title') })).getByRole('button', {
        name: t('coupon:confirm.ok'),
      }),
    );

    expect(await within(sheet).findByText(t('coupon:held.text', { id: 'b_77' }))).toBeInTheDocument();
    expect(view.store.getState().coupon.selections).toHaveLength(0);
    // Held is not accepted: the wallet did not move, so the app is not told to refresh it.
    expect(view.onBetAccepted).not.toHaveBeenCalled();
    const placed = view.requests.find((r) => r.path.endsWith('MakeBetWeb'))?.body;
    expect(placed).toMatchObject({ vid: 0, Summ: 800, avanceBet: true });
    // The advance is asked again after the bet: it was taken.
    await vi.waitFor(() => expect(view.requests.filter((r) => r.path.endsWith('GetAvance')).length).toBeGreaterThan(1));
  });

  it('does not offer advance bets where the brand switches them off, and asks nothing about them', async () => {
    const view = renderPanel({
      features: { advanceBet: false },
      picks: [pick(1, 2)],
      routes: { '/service-api/LiveBet/Open/UpdateCoupon': () => openLine },
    });
    const sheet = await openSheet(view.t as never, 1);
    await userEvent.type(within(sheet).getByLabelText(view.t('coupon:stake.perEvent', { currency: 'EUR' })), '800');
    expect(
      within(sheet).queryByRole('checkbox', { name: view.t('coupon:feature.advanceBet') }),
    ).not.toBeInTheDocument();
    expect(view.requests.filter((r) => r.path.endsWith('GetAvance'))).toHaveLength(0);
  });

  it('says why a live selection can no longer be bet on once live betting is switched off, and does not place', async () => {
    const live = pick(7, 1.8);
    const { t, requests } = renderPanel({
      betting: { live: { enabled: false } },
      picks: [{ ...live, selection: { ...live.selection, live: true } }, pick(8, 2.1)],
      routes: { '/service-api/LiveBet/Open/UpdateCoupon': () => openLine },
    });
    const sheet = await openSheet(t as never, 2);
    expect(within(sheet).getByText(t('coupon:issue.liveSwitchedOff'))).toHaveAttribute('role', 'alert');
    // The pre-match line is still on: only the live selection is the reason.
    expect(within(sheet).queryByText(t('coupon:issue.lineSwitchedOff'))).not.toBeInTheDocument();
    await userEvent.type(within(sheet).getByLabelText(t('coupon:stake.label', { currency: 'EUR' })), '5');
    const submit = within(sheet).getByRole('button', { name: t('coupon:submit.label') });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(expect.stringContaining(t('coupon:issue.liveSwitchedOff')));
    expect(requests.filter((r) => r.path.includes('MakeBet'))).toEqual([]);
  });

  it('says nothing of switches that do not touch the slip (live off, pre-match selections only)', async () => {
    const { t } = renderPanel({ betting: { live: { enabled: false } }, picks: [pick(9, 2)] });
    const sheet = await openSheet(t as never, 1);
    expect(within(sheet).queryByText(t('coupon:issue.liveSwitchedOff'))).not.toBeInTheDocument();
  });

  it('asks a guest to log in instead of offering the bet', async () => {
    const { t } = renderPanel({ picks: [pick(1, 2)], authorised: false });
    const sheet = await openSheet(t as never, 1);
    expect(within(sheet).getByRole('link', { name: t('coupon:login.link') })).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: t('coupon:submit.label') })).not.toBeInTheDocument();
  });
});
