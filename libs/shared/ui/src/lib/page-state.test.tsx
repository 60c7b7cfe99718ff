import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageState, pageStatus, type PageStatus } from './page-state';

function renderState(status: PageStatus, onRetry = vi.fn()) {
  renderWithProviders(
    <PageState
      status={status}
      loadingLabel="Loading payments"
      errorText="Payments could not be loaded"
      retryLabel="Try again"
      onRetry={onRetry}
      emptyText="No payments yet"
    >
      <ul aria-label="Payments">
        <li>Deposit</li>
      </ul>
    </PageState>,
  );
  return onRetry;
}

describe('PageState', () => {
  it('shows a busy skeleton named by what is loading, and not the content', () => {
    renderState('loading');
    const status = screen.getByRole('status', { name: 'Loading payments' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('list', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('shows the error as an alert whose button tries again', async () => {
    const onRetry = renderState('error');
    expect(screen.getByRole('alert')).toHaveTextContent('Payments could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says there is nothing, as a status', () => {
    renderState('empty');
    expect(screen.getByRole('status')).toHaveTextContent('No payments yet');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the content when ready', () => {
    renderState('ready');
    expect(screen.getByRole('list', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('pageStatus', () => {
  it('reads a query: pending, then error, then empty or ready', () => {
    expect(pageStatus({ isPending: true, isError: false })).toBe('loading');
    expect(pageStatus({ isPending: false, isError: true })).toBe('error');
    expect(pageStatus({ isPending: false, isError: false }, true)).toBe('empty');
    expect(pageStatus({ isPending: false, isError: false }, false)).toBe('ready');
  });
});
