import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, scriptedFetch, testBrandPayload, type ScriptedRoute } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DeduceData, WithdrawalItem } from './wallet.api';
import { WalletClientProvider } from './wallet.queries';
import { withdrawalMachine } from './withdrawal.machine';
import { WithdrawalPage } from './withdrawal-page';

function entry(overrides: Partial<WithdrawalItem> = {}): WithdrawalItem {
  return {
    id: '0b7c3b7e-1111-4f4f-8888-000000000001',
    amount: 150,
    currency: 'EUR',
    state: 'requested',
    reason: null,
    methodLast4: '4242',
    cancellable: true,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

function data(overrides: Partial<DeduceData> = {}): DeduceData {
  return {
    currency: 'EUR',
    main: 80,
    bonus: 5,
    advanceHeld: 30,
    reserved: 0,
    withdrawable: 50,
    minAmount: 5,
    autoApproveMax: 100,
    playerMayCancel: true,
    methods: [{ reference: 'dep-1', last4: '4242' }],
    withdrawals: [],
    ...overrides,
  };
}

function render(routes: Record<string, ScriptedRoute>) {
  const { fetch: fetchImpl, seen } = scriptedFetch(routes);
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <WalletClientProvider client={client}>
      <WithdrawalPage />
    </WalletClientProvider>,
    {
      brand: testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC' } } }),
      realLanguage: true,
      session: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } },
    },
  );
  return { seen };
}

describe('withdrawalMachine', () => {
  it('sends nothing until the amount fits the rules and a card is chosen; a retry keeps its request id', async () => {
    const sent: Array<{ amount: number; requestId: string }> = [];
    let fail = true;
    const actor = createActor(
      withdrawalMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            if (fail) throw new Error('network');
            return entry({ amount: input.amount });
          }),
        },
      }),
      { input: { limits: { withdrawable: 50, minAmount: 5 } } },
    ).start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.issue).toBe('amount');
    actor.send({ type: 'amount.change', value: '4' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.issue).toBe('minimum');
    actor.send({ type: 'amount.change', value: '50.01' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.issue).toBe('above');
    actor.send({ type: 'amount.change', value: '20,5' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.issue).toBe('method');
    expect(sent).toEqual([]);
    actor.send({ type: 'method.choose', reference: 'dep-1' });
    actor.send({ type: 'submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    fail = false;
    actor.send({ type: 'submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('done');
    expect(sent.map((s) => s.amount)).toEqual([20.5, 20.5]);
    expect(sent[0]?.requestId).toBe(sent[1]?.requestId);
  });
});

describe('WithdrawalPage', () => {
  it('explains what can be withdrawn, refuses too much before asking, and requests a withdrawal', async () => {
    let requested: WithdrawalItem | null = null;
    const { seen } = render({
      '/officeapi/getdeducedata': () => ({ body: data({ withdrawals: requested ? [requested] : [] }) }),
      '/web-api/payments/withdrawal': (body) => {
        requested = entry({ amount: Number(body['amount']), state: 'sent', cancellable: false });
        return { status: 202, body: requested };
      },
    });
    const facts = await screen.findByRole('heading', { name: 'What you can withdraw' });
    const section = facts.closest('section') as HTMLElement;
    expect(within(section).getByText('Withdrawable now')).toBeInTheDocument();
    expect(within(section).getByText('Held for advance bets waiting for cover')).toBeInTheDocument();
    expect(within(section).getByText('Bonus money (cannot be withdrawn)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Card ending 4242' })).toBeChecked();

    const amount = screen.getByRole('textbox', { name: 'Amount (EUR)' });
    await userEvent.type(amount, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/You can withdraw at most/)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(seen.some((s) => s.path === '/web-api/payments/withdrawal')).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/Your withdrawal of .*20.* is sent to your card/)).toBeInTheDocument();
    const sent = seen.find((s) => s.path === '/web-api/payments/withdrawal');
    expect(sent?.body).toMatchObject({ amount: 20, methodReference: 'dep-1' });
    expect(await screen.findByText('sent to your card')).toBeInTheDocument();
  }, 20_000);

  it('cancels a withdrawal waiting for approval, and says when there is no card to pay to', async () => {
    let cancelled = false;
    render({
      '/officeapi/getdeducedata': () => ({
        body: data({
          methods: [],
          withdrawals: [cancelled ? entry({ state: 'cancelled', cancellable: false }) : entry()],
        }),
      }),
      '/web-api/payments/withdrawal/0b7c3b7e-1111-4f4f-8888-000000000001/cancel': () => {
        cancelled = true;
        return { body: entry({ state: 'cancelled', cancellable: false }) };
      },
    });
    expect(await screen.findByRole('link', { name: 'Make a deposit' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/office\/deposit$/),
    );
    expect(screen.getByText('waiting for approval')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Cancel the withdrawal of/ }));
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel the withdrawal of/ })).not.toBeInTheDocument();
  }, 20_000);

  it('shows an error with a way to try again when the page cannot load', async () => {
    render({ '/officeapi/getdeducedata': () => ({ status: 500, body: { message: 'down' } }) });
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
