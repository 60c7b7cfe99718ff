import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { describe, expect, it } from 'vitest';
import { FeedQueryView } from './feed-query-view';

// The states of a query as TanStack Query reports them; only the fields FeedQueryView reads.
const failedRefetch = {
  isPending: false,
  isSuccess: false,
  isError: true,
  error: new Error('offline'),
  data: ['Team A – Team B'],
  refetch: () => Promise.resolve(),
} as unknown as UseQueryResult<string[], unknown>;
const failedFirstFetch = {
  isPending: false,
  isSuccess: false,
  isError: true,
  error: new Error('offline'),
  data: undefined,
  refetch: () => Promise.resolve(),
} as unknown as UseQueryResult<string[], unknown>;

function view(query: UseQueryResult<string[], unknown>) {
  return (
    <FeedQueryView query={query} loadingLabel="Loading" emptyMessage="Nothing" isEmpty={(d) => d.length === 0}>
      {(d) => (
        <ul>
          {d.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      )}
    </FeedQueryView>
  );
}

describe('FeedQueryView', () => {
  it('keeps showing the data it has when a refetch fails (the API is down)', async () => {
    renderWithProviders(view(failedRefetch));
    expect(await screen.findByText('Team A – Team B')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the error with a retry when the first fetch fails', async () => {
    renderWithProviders(view(failedFirstFetch));
    expect(await screen.findByRole('button')).toBeInTheDocument();
    expect(screen.queryByText('Team A – Team B')).toBeNull();
  });
});
