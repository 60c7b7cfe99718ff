import type { BackofficeVerificationQueueResponse } from '@tessera/shared/contract-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeConsoleServer } from '../testing/fake-console-server';
import { renderConsole } from '../testing/render-console';

const queue: BackofficeVerificationQueueResponse = {
  submissions: [
    {
      submissionId: 's-1',
      accountId: '2002',
      brandId: 'sahra-bet',
      playerName: 'Layla Haddad',
      playerEmail: null,
      status: 'submitted',
      resubmission: false,
      country: 'tr',
      birthDate: '1992-05-06',
      submittedAt: '2026-11-26T06:00:00.000Z',
      documents: [
        {
          id: 'd-1',
          documentType: 'passport',
          contentType: 'image/png',
          sizeBytes: 20480,
          sha256: 'ab',
          submissionId: 's-1',
          uploadedAt: '2026-11-26T05:59:00.000Z',
        },
        {
          id: 'd-2',
          documentType: 'proof_of_address',
          contentType: 'application/pdf',
          sizeBytes: 40960,
          sha256: 'cd',
          submissionId: 's-1',
          uploadedAt: '2026-11-26T05:59:30.000Z',
        },
      ],
    },
  ],
};

// Whole pages over a fake API: on a busy 2-core machine a test takes seconds, not the 5 s default.
describe('verification desk', { timeout: 20_000 }, () => {
  it('shows a submission’s documents where they are decided, and verifies with a reason', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/verification', { body: queue });
    server.on('POST', '/verification/:id/decide', {
      body: { accountId: '2002', submissionId: 's-1', decisionId: 'x', decision: 'verified' },
    });
    const { t } = renderConsole({ path: '/verification', role: 'compliance', server });

    await user.click(
      await screen.findByRole('button', { name: t('backoffice:verification.reviewOf', { player: 'Layla Haddad' }) }),
    );
    const review = screen.getByRole('region', {
      name: t('backoffice:verification.reviewTitle', { player: 'Layla Haddad' }),
    });
    const passport = within(review).getByRole('img', {
      name: t('backoffice:document.imageAlt', { type: t('backoffice:document.type.passport') }),
    });
    expect(passport).toHaveAttribute('src', '/backoffice/api/verification/2002/documents/d-1');
    expect(
      within(review).getByTitle(
        t('backoffice:document.pdfTitle', { type: t('backoffice:document.type.proof_of_address') }),
      ),
    ).toHaveAttribute('src', '/backoffice/api/verification/2002/documents/d-2');

    await user.click(within(review).getByRole('button', { name: t('backoffice:verification.verify') }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(t('backoffice:reason.label')), 'Passport and address match');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice:verification.verify') }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      t('backoffice:verification.outcome.verified', { player: 'Layla Haddad' }),
    );
    expect(server.calls('POST', '/verification/2002/decide')[0]?.body).toEqual({
      decision: 'verified',
      reason: 'Passport and address match',
    });
  });

  it('lists the queue for a viewer without opening documents or deciding', async () => {
    const user = userEvent.setup();
    const server = createFakeConsoleServer();
    server.on('GET', '/verification', { body: queue });
    const { t } = renderConsole({ path: '/verification', role: 'viewer', server });
    await user.click(
      await screen.findByRole('button', { name: t('backoffice:verification.reviewOf', { player: 'Layla Haddad' }) }),
    );
    expect(screen.getByText(t('backoffice:verification.documentsHidden', { count: 2 }))).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('backoffice:verification.verify') })).not.toBeInTheDocument();
  });
});
