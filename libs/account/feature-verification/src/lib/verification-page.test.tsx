import type { VerificationStatusResponse } from '@tessera/shared/contract-api';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VerificationCallError, type VerificationApi } from './verification.api';
import { VerificationApiProvider, VerificationPage } from './verification-page';

function view(overrides: Partial<VerificationStatusResponse> = {}): VerificationStatusResponse {
  return {
    status: 'not_started',
    needs: [
      { need: 'identity', types: ['passport', 'id_card', 'driving_licence'], required: true, provided: false },
      { need: 'selfie', types: ['selfie'], required: false, provided: false },
      { need: 'proof_of_address', types: ['proof_of_address'], required: false, provided: false },
    ],
    rules: [
      { rule: 'withdrawal', blocks: ['withdrawal'], active: true },
      { rule: 'deposit', blocks: ['deposit', 'bet'], active: true },
    ],
    limits: { max_file_bytes: 10 * 1024 * 1024, max_documents: 10, held_documents: 0, uploads_per_hour: 20 },
    declared: { country: 'gb', birth_date: null },
    documents: [],
    submissions: [],
    decisions: [],
    ...overrides,
  };
}

function fakeApi(first: VerificationStatusResponse, overrides: Partial<VerificationApi> = {}): VerificationApi {
  return {
    status: vi.fn(async () => first),
    submit: vi.fn(async () => view({ status: 'submitted' })),
    upload: vi.fn(async (type: string, file: File, onProgress: (share: number) => void) => {
      onProgress(0.5);
      return {
        id: 'd1',
        document_type: type as 'passport',
        content_type: 'image/png' as const,
        size_bytes: file.size,
        file_name: file.name,
        uploaded_at: '2026-11-26T09:00:00.000Z',
        state: 'uploaded' as const,
      };
    }),
    ...overrides,
  };
}

const render = (api: VerificationApi) =>
  renderWithProviders(
    <VerificationApiProvider api={api}>
      <VerificationPage />
    </VerificationApiProvider>,
    { session: { status: 'authorised', user: { id: '1', displayName: 'Ada' } } },
  );

// Role queries walk the whole page in jsdom: seconds on a busy machine.
describe('VerificationPage', { timeout: 30_000 }, () => {
  it('says the status, what waits for verification and what to send', async () => {
    const { t } = render(fakeApi(view()));
    expect(await screen.findByText(t('verification:status.notStarted'))).toBeInTheDocument();
    expect(screen.getByText(t('verification:rules.withdrawal'))).toBeInTheDocument();
    expect(screen.getByText(t('verification:rules.deposit'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t('verification:needs.heading') })).toBeInTheDocument();
    expect(screen.getByText(t('verification:documents.empty'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('verification:submit.button') })).toBeDisabled();
  });

  it('uploads the chosen file with its type and shows it done', async () => {
    const api = fakeApi(view());
    const { t } = render(api);
    const file = new File([new Uint8Array([0x89, 0x50])], 'passport.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText(t('verification:upload.type')), { target: { value: 'id_card' } });
    fireEvent.change(screen.getByLabelText(t('verification:upload.file', { size: '10 MB' }), { exact: false }), {
      target: { files: [file] },
    });
    // jsdom's constraint validation does not see a file set by the test: the form is submitted directly.
    fireEvent.submit(screen.getByText(t('verification:upload.submit')).closest('form') as HTMLFormElement);
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith('id_card', file, expect.any(Function)));
    expect(await screen.findByText(t('verification:upload.done', { name: 'passport.png' }))).toBeInTheDocument();
  });

  it('explains a refused upload by its error code', async () => {
    const api = fakeApi(view(), {
      upload: vi.fn(async () => {
        throw new VerificationCallError(415, { message: 'This file type is not accepted', error_code: 1710 });
      }),
    });
    const { t } = render(api);
    const input = await screen.findByLabelText(t('verification:upload.file', { size: '10 MB' }), { exact: false });
    fireEvent.change(input, { target: { files: [new File(['#!/bin/sh'], 'x.jpg')] } });
    // jsdom's constraint validation does not see a file set by the test: the form is submitted directly.
    fireEvent.submit(screen.getByText(t('verification:upload.submit')).closest('form') as HTMLFormElement);
    expect(await screen.findByRole('alert')).toHaveTextContent(t('verification:errors.1710'));
  });

  it('shows a rejection with its reason and the decisions history', async () => {
    const { t } = render(
      fakeApi(
        view({
          status: 'rejected',
          decisions: [
            { submission_id: 's1', decision: 'rejected', reason: 'Blurred photo', decided_at: '2026-11-26T09:00:00Z' },
          ],
        }),
      ),
    );
    expect(await screen.findByText(t('verification:status.rejected'), { exact: false })).toHaveTextContent(
      t('verification:decisions.reason', { reason: 'Blurred photo' }),
    );
    expect(screen.getByText(t('verification:decision.rejected'))).toBeInTheDocument();
  });

  it('offers to try again when the status cannot be loaded', async () => {
    const { t } = render(fakeApi(view(), { status: vi.fn(async () => Promise.reject(new Error('down'))) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('verification:error'));
    expect(screen.getByRole('button', { name: t('verification:retry') })).toBeInTheDocument();
  });
});
