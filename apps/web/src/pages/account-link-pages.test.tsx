import { GUEST_SESSION, type Session } from '@tessera/account/data-access-session';
import { createPseudoI18n, translator } from '@tessera/shared/util-i18n';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/app-providers';
import { createRoutes } from '../app/routes';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

/** The API as the browser reaches it: records each request and answers from `answers` by `METHOD path`. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[`${method} ${url.pathname}`] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function renderPage(url: string, session: Session = GUEST_SESSION) {
  const brand = testBrandPayload();
  const i18n = createPseudoI18n({ language: brand.language, dictionary: brand.dictionary });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ session, config: brand.config, queryClient }), {
    initialEntries: [url],
  });
  render(
    <AppProviders brand={brand} session={session} i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { t: translator(i18n), router };
}

describe('pages of the links in account messages', () => {
  it('/passwordreset?token= sets a new password with the token of the message', async () => {
    const calls = stubApi({
      'POST /web-api/api/internal/v1/user/passwordreset': {
        status: 200,
        body: { message: 'The password was changed' },
      },
    });
    const { t } = renderPage('/en/passwordreset?token=reset-token-1');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByRole('heading', { level: 1, name: t('account:reset.title') })).toBeInTheDocument();
    await userEvent.type(main.getByLabelText(t('account:field.newPassword')), 'Fresh-pass-7');
    await userEvent.type(main.getByLabelText(t('account:field.passwordConfirmation')), 'Fresh-pass-7');
    await userEvent.click(main.getByRole('button', { name: t('account:password.submit') }));
    expect(await main.findByText(t('account:password.done'))).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/web-api/api/internal/v1/user/passwordreset',
        body: {
          data: {
            attributes: { token: 'reset-token-1', password: 'Fresh-pass-7', password_confirmation: 'Fresh-pass-7' },
          },
        },
      },
    ]);
    expect(main.getByRole('link', { name: t('account:reset.back') })).toHaveAttribute('href', '/en/login');
  });

  it('/passwordreset without a token offers to send the message', async () => {
    stubApi({});
    const { t } = renderPage('/en/passwordreset');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByLabelText(t('account:reset.login'))).toBeInTheDocument();
    expect(main.getByRole('button', { name: t('account:reset.submit') })).toBeInTheDocument();
  });

  it('/activate?token= confirms the e-mail address only when the bettor presses the button, and says when the link is spent', async () => {
    const calls = stubApi({
      'POST /web-api/api/internal/v1/user/activate': {
        status: 410,
        body: { message: 'The link has expired or was already used', detail: 'Ask for a new one' },
      },
    });
    const { t } = renderPage('/en/activate?token=activation-token-1');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByRole('heading', { level: 1, name: t('account:activation.title') })).toBeInTheDocument();
    // A mail scanner that only opens the page spends nothing.
    expect(calls).toEqual([]);
    await userEvent.click(main.getByRole('button', { name: t('account:activation.submit') }));
    expect(await main.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/web-api/api/internal/v1/user/activate',
        body: { data: { attributes: { token: 'activation-token-1' } } },
      },
    ]);
  });

  it('/activate?token= shows the confirmation on success', async () => {
    stubApi({
      'POST /web-api/api/internal/v1/user/activate': {
        status: 200,
        body: { message: 'The e-mail address is confirmed' },
      },
    });
    const { t } = renderPage('/en/activate?token=activation-token-2');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    await userEvent.click(await main.findByRole('button', { name: t('account:activation.submit') }));
    expect(await main.findByText(t('account:activation.done'))).toBeInTheDocument();
  });

  it('/activate without a token says the link is broken', async () => {
    stubApi({});
    const { t } = renderPage('/en/activate');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByText(t('account:link.noToken'))).toBeInTheDocument();
  });
});

describe('the welcome page of a registration through an identity provider', () => {
  it('opens the welcome modal with the new account id', async () => {
    const { t } = renderPage('/en/welcome', { status: 'authorised', user: { id: '1000042', displayName: 'Ada' } });
    const dialog = await screen.findByRole('dialog', { name: t('account:welcome.title') }, { timeout: 15_000 });
    expect(within(dialog).getByText(t('account:welcome.text', { id: '1000042' }))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: t('account:welcome.continue') })).toBeInTheDocument();
  });

  it('is for signed-in players only', async () => {
    const { t, router } = renderPage('/en/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: t('pages:login.title') })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/login');
  });
});
