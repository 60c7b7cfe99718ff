import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { ROLE_PERMISSIONS, renderConsole, testOperator } from '../testing/render-console';

function signedInAfter(server: ReturnType<typeof createFakeConsoleServer>, confirmPath: string) {
  // GET me refuses until the code is confirmed, then answers the operator.
  let signedIn = false;
  server.on('POST', confirmPath, (request) => {
    if ((request.body as { code?: string }).code !== '123456')
      return {
        status: 401,
        body: { message: 'Wrong code', validation_errors: [{ field: 'code', message: 'wrong or used code' }] },
      };
    signedIn = true;
    return { body: { operator: testOperator('payments') } };
  });
  return () => signedIn;
}

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('sign-in page', { timeout: 20_000 }, () => {
  it('enrols a first-time operator with a QR code and the key as text, then opens the desks the role allows', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('POST', '/session', { body: { stage: 'totp-enrol' } });
    server.on('POST', '/session/totp/enrol', {
      body: {
        otpauthUrl: 'otpauth://totp/Tessera:payments%40console.test?secret=JBSWY3DPEHPK3PXP&issuer=Tessera',
        secret: 'JBSWY3DPEHPK3PXP',
      },
    });
    const isSignedIn = signedInAfter(server, '/session/totp');
    const { t } = renderConsole({ path: '/players', server });
    server.on('GET', '/me', () =>
      isSignedIn()
        ? {
            body: {
              operator: testOperator('payments'),
              permissions: ROLE_PERMISSIONS.payments,
              idleTimeoutSeconds: 900,
            },
          }
        : { status: 401, body: { message: 'Sign in first.' } },
    );

    await user.type(await screen.findByLabelText(t('backoffice:signIn.email')), 'payments@console.test');
    await user.type(screen.getByLabelText(t('backoffice:signIn.password')), 'correct horse');
    await user.click(screen.getByRole('button', { name: t('backoffice:signIn.continue') }));

    expect(await screen.findByRole('img', { name: t('backoffice:signIn.enrol.qrLabel') })).toBeInTheDocument();
    expect(screen.getByLabelText(t('backoffice:signIn.enrol.secretLabel'))).toHaveValue('JBSW Y3DP EHPK 3PXP');
    expect(server.calls('POST', '/session')[0]?.body).toEqual({
      email: 'payments@console.test',
      password: 'correct horse',
    });

    await user.type(screen.getByLabelText(t('backoffice:signIn.code')), '654321');
    await user.click(screen.getByRole('button', { name: t('backoffice:signIn.enrol.confirm') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('backoffice:signIn.error.code'));

    const code = screen.getByLabelText(t('backoffice:signIn.code'));
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: t('backoffice:signIn.enrol.confirm') }));

    // Back where the operator was going, with only the payments officer's desks in the menu.
    expect(await screen.findByRole('heading', { level: 1, name: t('backoffice:players.title') })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: t('backoffice:nav.label') });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      t('backoffice:nav.players'),
      t('backoffice:nav.payments'),
      t('backoffice:nav.brands'),
      t('backoffice:nav.sessions'),
    ]);
    expect(server.calls('POST', '/session/totp').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('says a wrong password in words and asks an enrolled operator only for the code', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('POST', '/session', (request) =>
      (request.body as { password: string }).password === 'right'
        ? { body: { stage: 'totp' } }
        : { status: 401, body: { message: 'Wrong e-mail or password.' } },
    );
    const { t } = renderConsole({ path: '/sign-in', server });

    await user.type(await screen.findByLabelText(t('backoffice:signIn.email')), 'ops@console.test');
    await user.type(screen.getByLabelText(t('backoffice:signIn.password')), 'wrong');
    await user.click(screen.getByRole('button', { name: t('backoffice:signIn.continue') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('backoffice:signIn.error.credentials'));

    await user.type(screen.getByLabelText(t('backoffice:signIn.password')), 'right');
    await user.click(screen.getByRole('button', { name: t('backoffice:signIn.continue') }));
    expect(await screen.findByRole('heading', { name: t('backoffice:signIn.code.title') })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: t('backoffice:signIn.enrol.qrLabel') })).not.toBeInTheDocument();
    expect(server.calls('POST', '/session/totp/enrol')).toHaveLength(0);
  });
});
