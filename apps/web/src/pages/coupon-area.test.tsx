import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { emptyCouponState, saveCoupon, useCouponPick, type CouponPick } from '@tessera/sportsbook/data-access-coupon';
import { LiveStore, SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CouponArea } from './coupon-area';

const panel = vi.hoisted(() => ({
  failing: false,
  renders: 0,
  loading: null as Promise<void> | null,
  fallbackFocus: undefined as (() => HTMLElement | null) | undefined,
}));

// Stands for the lazily loaded slip: it fails while `failing` is set (as a failed chunk or a crash would), is still on
// its way while `loading` is set (it suspends, as a slow chunk does), says whether it was asked to open its sheet and
// how many times for a booking code, and keeps where the focus should go when its closed sheet leaves nothing.
vi.mock('./wallet-coupon-panel', () => ({
  WalletCouponPanel: ({
    sheetOpenAtStart,
    codeRequest = 0,
    fallbackFocus,
  }: {
    sheetOpenAtStart?: boolean;
    codeRequest?: number;
    fallbackFocus?: () => HTMLElement | null;
  }) => {
    panel.renders += 1;
    if (panel.loading) throw panel.loading;
    if (panel.failing) throw new Error('chunk failed');
    panel.fallbackFocus = fallbackFocus;
    return (
      <p>
        {sheetOpenAtStart ? 'bet slip here, sheet open' : 'bet slip here'}
        {codeRequest > 0 ? `, code asked ${codeRequest}` : ''}
      </p>
    );
  },
}));

const pick: CouponPick = {
  selection: { gameId: '7', marketId: '7:1x2', outcomeId: '7:1x2:home', odds: 2.1, blocked: false, live: false },
  label: { home: 'Home', away: 'Away', market: '1X2', outcome: '1' },
};

/** An odds button of the page, bound to the page's coupon like the line's buttons. */
function Odds() {
  const { selected, onSelect } = useCouponPick(() => pick, pick.selection);
  return (
    <button type="button" aria-pressed={selected} onClick={onSelect}>
      Home 2.1
    </button>
  );
}

function renderArea() {
  return renderWithProviders(
    <SportsbookProvider store={new LiveStore()} createSocket={null}>
      <CouponArea>
        <h1>The line</h1>
        <Odds />
      </CouponArea>
    </SportsbookProvider>,
  );
}

/** Lets pending effects, the lazy import and timers run. */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('CouponArea', () => {
  beforeEach(() => {
    panel.failing = false;
    panel.renders = 0;
    panel.loading = null;
    panel.fallbackFocus = undefined;
    window.localStorage.clear();
  });
  afterEach(() => window.localStorage.clear());

  it('does not load the slip while it is not needed: no slip bar on the phone while it is empty, the column is busy', async () => {
    const { t } = renderArea();
    await settle();
    // An empty slip has no bar (bet365's way): the page's buttons are the phone's booking-code entry and its odds.
    expect(screen.queryByRole('button', { name: t('coupon:panel.open', { count: 0 }) })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      t('coupon:panel.loadCode'),
      'Home 2.1',
    ]);
    // The side column is hidden below the wide breakpoint (jsdom matches no media query), hence `hidden`.
    expect(screen.getByRole('status', { name: t('coupon:panel.loading'), hidden: true })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(panel.renders).toBe(0);
  });

  it('loads the slip on the first odds click, with its sheet open on a phone (quick bet)', async () => {
    const { t } = renderArea();
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Home 2.1' }));
    expect(await screen.findByText('bet slip here, sheet open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Home 2.1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: t('coupon:panel.open', { count: 1 }) })).not.toBeInTheDocument();
  });

  it('loads the slip beside the page on a wide screen, without opening a sheet', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      renderArea();
      await settle();
      await userEvent.click(screen.getByRole('button', { name: 'Home 2.1' }));
      expect(await screen.findByText('bet slip here')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('loads the slip at once when the stored coupon has selections', async () => {
    const empty = emptyCouponState(testBrandPayload().config.global.defaultCurrency);
    saveCoupon(window.localStorage, {
      ...empty,
      coupon: { ...empty.coupon, selections: [{ ...pick.selection, group: 0 }] },
    });
    renderArea();
    expect(await screen.findByText('bet slip here')).toBeInTheDocument();
  });

  it('offers the booking code on a phone with an empty slip: the entry loads the slip and asks for its code box', async () => {
    const { t } = renderArea();
    await settle();
    const entry = screen.getByRole('button', { name: t('coupon:panel.loadCode') });
    expect(entry).toHaveAttribute('aria-haspopup', 'dialog');
    expect(panel.renders).toBe(0);
    await userEvent.click(entry);
    // The request itself opens the sheet (the slip's own test): nothing else is asked of it.
    expect(await screen.findByText('bet slip here, code asked 1')).toBeInTheDocument();
    // Once the slip is there, each press asks again (the sheet may have been closed since).
    await userEvent.click(entry);
    expect(await screen.findByText('bet slip here, code asked 2')).toBeInTheDocument();
    // A sheet closed with nothing left to return to (its bar went with the last pick) gives the focus to the entry.
    expect(panel.fallbackFocus?.()).toBe(entry);
  });

  it('offers no booking-code entry where the brand has no booking codes', async () => {
    const { t } = renderWithProviders(
      <SportsbookProvider store={new LiveStore()} createSocket={null}>
        <CouponArea>
          <Odds />
        </CouponArea>
      </SportsbookProvider>,
      { brand: testBrandPayload({ config: { coupon: { features: { saveLoad: false } } } }) },
    );
    await settle();
    expect(screen.queryByRole('button', { name: t('coupon:panel.loadCode') })).not.toBeInTheDocument();
  });

  it('opens the sheet once the slip has loaded when the bettor presses the stand-in bar while it loads', async () => {
    let arrive: () => void = () => undefined;
    panel.loading = new Promise<void>((resolve) => {
      arrive = () => {
        panel.loading = null;
        resolve();
      };
    });
    const empty = emptyCouponState(testBrandPayload().config.global.defaultCurrency);
    saveCoupon(window.localStorage, {
      ...empty,
      coupon: { ...empty.coupon, selections: [{ ...pick.selection, group: 0 }] },
    });
    const { t } = renderArea();
    await settle();
    const bar = screen.getByRole('button', { name: t('coupon:panel.open', { count: 1 }) });
    await userEvent.click(bar);
    expect(bar).toHaveAttribute('aria-busy', 'true');
    await act(async () => arrive());
    expect(await screen.findByText('bet slip here, sheet open')).toBeInTheDocument();
  });

  it('keeps the page when the bet slip fails, and loads the slip again on request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    panel.failing = true;
    const { t } = renderArea();
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Home 2.1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('coupon:panel.error'));
    expect(screen.getByRole('heading', { name: 'The line' })).toBeInTheDocument();
    panel.failing = false;
    await userEvent.click(screen.getByRole('button', { name: t('coupon:panel.retry') }));
    expect(await screen.findByText(/bet slip here/)).toBeInTheDocument();
    log.mockRestore();
  });
});
