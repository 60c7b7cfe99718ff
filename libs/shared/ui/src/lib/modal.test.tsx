import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

describe('Modal', () => {
  it('is a dialog named by its title, focused on open, closed by Escape and its close button', async () => {
    const onClose = vi.fn();
    const { t } = renderWithProviders(
      <Modal title="Select country" onClose={onClose}>
        <button type="button">Kazakhstan</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Select country' });
    expect(dialog).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: t('common:button.close') }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: t('common:button.back') })).not.toBeInTheDocument();
  });

  it('shows a back button when it can go back', async () => {
    const onBack = vi.fn();
    const { t } = renderWithProviders(<Modal title="Step two" onClose={() => undefined} onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: t('common:button.back') }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('keeps Tab inside the dialog', async () => {
    const { t } = renderWithProviders(
      <Modal title="Trap" onClose={() => undefined}>
        <button type="button">Last</button>
      </Modal>,
    );
    screen.getByRole('button', { name: 'Last' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: t('common:button.close') })).toHaveFocus();
  });
});
