import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../testing/render-console';

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('console shell', { timeout: 20_000 }, () => {
  it('sends a signed-out visitor to sign in', async () => {
    const { t, router } = renderConsole({ path: '/audit' });
    expect(await screen.findByRole('heading', { name: t('backoffice:signIn.password.title') })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('shows a support agent only the desks the role opens, and refuses a typed address to another', async () => {
    const { t } = renderConsole({ path: '/audit', role: 'support' });
    expect(await screen.findByRole('alert')).toHaveTextContent(t('backoffice:state.forbidden'));
    const nav = screen.getByRole('navigation', { name: t('backoffice:nav.label') });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([t('backoffice:nav.players'), t('backoffice:nav.brands'), t('backoffice:nav.sessions')]);
  });

  it('opens the first desk, switches to Arabic right to left, and signs out', async () => {
    const user = userEvent.setup();
    const { t, server, router } = renderConsole({ path: '/', role: 'admin' });
    server.on('GET', '/players', { body: { players: [] } });
    server.on('DELETE', '/session', { status: 204 });
    expect(await screen.findByRole('heading', { level: 1, name: t('backoffice:players.title') })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(t('backoffice:language.label')), 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'اللاعبون' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(server.calls('DELETE', '/session')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});
