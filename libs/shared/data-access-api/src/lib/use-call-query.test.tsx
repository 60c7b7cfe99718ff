import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api-client';
import { ApiClientProvider, useApiClient } from './api-client-context';
import { defineCall } from './define-call';
import { str } from './param-encoders';
import { useCallMutation } from './use-call-mutation';
import { useCallQuery } from './use-call-query';

const getTitle = defineCall({ url: '/seo/title', query: { lng: str() } }).returns<{ title: string }>();

/** A client whose answers the test releases by hand, recording the signal each request got. */
function controlledClient() {
  const signals: AbortSignal[] = [];
  const resolvers: Array<(value: unknown) => void> = [];
  const client = {
    send: (_call: unknown, _args: unknown, options?: { signal?: AbortSignal }) =>
      new Promise((resolve, reject) => {
        if (options?.signal) {
          signals.push(options.signal);
          options.signal.addEventListener('abort', () => reject(new Error('aborted')));
        }
        resolvers.push(resolve);
      }),
    trySend: async () => ({ ok: true, data: undefined }),
  } as unknown as ApiClient;
  return { client, signals, resolvers };
}

function Title() {
  const query = useCallQuery(getTitle, { lng: 'en' });
  return <p>{query.data ? query.data.title : 'loading'}</p>;
}

function wrapper(client: ApiClient, queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>{children}</ApiClientProvider>
      </QueryClientProvider>
    );
  };
}

describe('useCallQuery', () => {
  it('shows the answer of the call', async () => {
    const { client, resolvers } = controlledClient();
    render(<Title />, { wrapper: wrapper(client, new QueryClient({ defaultOptions: { queries: { retry: false } } })) });
    expect(screen.getByText('loading')).toBeInTheDocument();
    resolvers[0]?.({ title: 'Welcome' });
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
  });

  it('aborts the request when the component unmounts', () => {
    const { client, signals } = controlledClient();
    const view = render(<Title />, {
      wrapper: wrapper(client, new QueryClient({ defaultOptions: { queries: { retry: false } } })),
    });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(false);
    view.unmount();
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe('useApiClient', () => {
  it('throws outside a provider', () => {
    function Orphan() {
      useApiClient();
      return null;
    }
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Orphan />)).toThrow('useApiClient must be used inside <ApiClientProvider>');
    } finally {
      console.error = original;
    }
  });
});

describe('useCallMutation', () => {
  it('sends the call with the mutation variables', async () => {
    const sent: unknown[] = [];
    const client = {
      send: async (_call: unknown, args: unknown) => {
        sent.push(args);
        return { saved: true };
      },
      trySend: async () => ({ ok: true, data: undefined }),
    } as unknown as ApiClient;
    const save = defineCall({ url: '/officeapi/savesetting', method: 'POST', body: { setting_id: str() } });
    function Save() {
      const mutation = useCallMutation(save);
      return (
        <button type="button" onClick={() => mutation.mutate({ setting_id: 'mailing' })}>
          {mutation.isSuccess ? 'saved' : 'save'}
        </button>
      );
    }
    render(<Save />, { wrapper: wrapper(client, new QueryClient()) });
    screen.getByRole('button', { name: 'save' }).click();
    expect(await screen.findByRole('button', { name: 'saved' })).toBeInTheDocument();
    expect(sent).toEqual([{ setting_id: 'mailing' }]);
  });
});
