import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalQueueProvider } from './modal-queue-provider';
import { useModal } from './use-modal';
import { useModalQueue } from './use-modal-queue';
import { ModalNameError } from './modal-name';

function Modal({ name }: { name: string }) {
  const modal = useModal(name);
  if (!modal.isOpen) return null;
  return (
    <div role="dialog" aria-label={name}>
      <p>{String(modal.args?.['text'] ?? '')}</p>
      <button onClick={modal.close}>Close {name}</button>
    </div>
  );
}

function Page() {
  const queue = useModalQueue();
  return (
    <>
      <button onClick={() => queue.open('LOGIN', { text: 'Sign in' })}>Open login</button>
      <button onClick={() => queue.open('PROMO', { text: 'Promo' })}>Open promo</button>
      <output aria-label="promo status">{String(queue.statusOf('PROMO'))}</output>
      <Modal name="LOGIN" />
      <Modal name="PROMO" />
    </>
  );
}

describe('ModalQueueProvider with useModalQueue and useModal', () => {
  it('shows one modal at a time and opens the queued one after a close', async () => {
    const user = userEvent.setup();
    render(
      <ModalQueueProvider>
        <Page />
      </ModalQueueProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Open login' }));
    await user.click(screen.getByRole('button', { name: 'Open promo' }));
    expect(screen.getByRole('dialog', { name: 'LOGIN' })).toHaveTextContent('Sign in');
    expect(screen.queryByRole('dialog', { name: 'PROMO' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('promo status')).toHaveTextContent('0');

    await user.click(screen.getByRole('button', { name: 'Close LOGIN' }));
    expect(screen.getByRole('dialog', { name: 'PROMO' })).toBeInTheDocument();
    expect(screen.getByLabelText('promo status')).toHaveTextContent('1');
  });

  it('open without a name throws ModalNameError', () => {
    let api: ReturnType<typeof useModalQueue> | undefined;
    function Grab() {
      api = useModalQueue();
      return null;
    }
    render(
      <ModalQueueProvider>
        <Grab />
      </ModalQueueProvider>,
    );
    expect(() => act(() => api?.open(''))).toThrow(ModalNameError);
  });

  it('loads a lazy modal through the provider loaders before showing it', async () => {
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    function Lazy() {
      const queue = useModalQueue();
      return <button onClick={() => queue.open('IDENTIFICATION_BONUS', { text: 'Bonus' })}>Open bonus</button>;
    }
    const user = userEvent.setup();
    render(
      <ModalQueueProvider loaders={{ IDENTIFICATION_BONUS: () => loaded }}>
        <Lazy />
        <Modal name="IDENTIFICATION_BONUS" />
      </ModalQueueProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Open bonus' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('dialog', { name: 'IDENTIFICATION_BONUS' })).toHaveTextContent('Bonus');
  });

  it('hooks outside a provider fail loudly', () => {
    function Orphan() {
      useModalQueue();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('Modal hooks need a ModalQueueProvider above them');
  });
});
