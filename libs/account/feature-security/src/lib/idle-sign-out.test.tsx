import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdleSignOut } from './idle-sign-out';

/** The server's limits answer with the idle deadline `inMs` from now. */
const limits = (inMs: number) => {
  const now = Date.now();
  return {
    now: new Date(now).toISOString(),
    idle_timeout_seconds: 1800,
    idle_ends_at: new Date(now + inMs).toISOString(),
    ends_at: new Date(now + 3_600_000).toISOString(),
  };
};

function setup(routes: Parameters<typeof fakeAccountApi>[0], onSignedOut = vi.fn()) {
  const api = fakeAccountApi(routes);
  const view = renderWithProviders(
    <AccountApiProvider client={api.client}>
      <IdleSignOut onSignedOut={onSignedOut} />
    </AccountApiProvider>,
    { brand: testBrandPayload(), session: { status: 'authorised', user: { id: '42', displayName: 'Ada' } } },
  );
  return { ...view, ...api, onSignedOut };
}

describe('IdleSignOut', () => {
  it('item 10: says nothing while the deadline is far, warns within the last minute, and "Stay signed in" touches the session', async () => {
    let touched = false;
    const { t, requests } = setup({
      'GET /web-api/user/session/limits': () => ({ body: limits(45_000) }),
      'POST /web-api/user/session/touch': () => {
        touched = true;
        return { body: limits(1_800_000) };
      },
    });
    const dialog = await screen.findByRole('dialog', { name: t('account:idle.title') });
    expect(within(dialog).getByText(t('account:idle.text', { seconds: 45 }))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: t('account:idle.stay') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(touched).toBe(true);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /web-api/user/session/limits',
      'POST /web-api/user/session/touch',
    ]);
  });

  it('item 10: signs out when the countdown runs out and the server still says so', async () => {
    const deadline = Date.now() + 1_200;
    const answer = () => {
      const now = Date.now();
      return {
        now: new Date(now).toISOString(),
        idle_timeout_seconds: 1800,
        idle_ends_at: new Date(deadline).toISOString(),
        ends_at: new Date(now + 3_600_000).toISOString(),
      };
    };
    const { t, requests, onSignedOut } = setup({
      'GET /web-api/user/session/limits': () => ({ body: answer() }),
      'POST /web-api/user/disconnect': { body: { message: 'Signed out' } },
    });
    expect(await screen.findByRole('dialog', { name: t('account:idle.title') })).toBeInTheDocument();
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1), { timeout: 4_000 });
    expect(requests.at(-1)?.path).toBe('/web-api/user/disconnect');
  });

  it('item 10: shows nothing on a brand without idle sign-out', async () => {
    const { requests } = setup({
      'GET /web-api/user/session/limits': { body: { ...limits(0), idle_timeout_seconds: null, idle_ends_at: null } },
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
