import { renderWithProviders } from '@tessera/shared/util-testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('as a sheet keeps the dialog: its name, the focus, Escape, the close button, Tab inside; the handle is not read', async () => {
    const onClose = vi.fn();
    const { t } = renderWithProviders(
      <Modal title="Bet slip" onClose={onClose} variant="sheet">
        <button type="button">Place bet</button>
      </Modal>,
    );
    const sheet = screen.getByRole('dialog', { name: 'Bet slip' });
    expect(sheet).toHaveFocus();
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    // The grab handle is drawn only: nothing in the dialog but its heading, close button and content is read out.
    expect(sheet.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([t('common:button.close'), 'Place bet']);
    within(sheet).getByRole('button', { name: 'Place bet' }).focus();
    await userEvent.tab();
    expect(within(sheet).getByRole('button', { name: t('common:button.close') })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(sheet).getByRole('button', { name: t('common:button.close') }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes the sheet when its handle is dragged down far enough, and springs back from a short drag', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <Modal title="Bet slip" onClose={onClose} variant="sheet">
        <button type="button">Place bet</button>
      </Modal>,
    );
    const sheet = screen.getByRole('dialog', { name: 'Bet slip' });
    const handle = sheet.firstElementChild as HTMLElement;
    fireEvent.pointerDown(handle, { clientY: 300, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 340, pointerId: 1 });
    // The sheet follows the finger down...
    expect(sheet.style.transform).toBe('translateY(40px)');
    fireEvent.pointerMove(handle, { clientY: 250, pointerId: 1 });
    // ... never up past where it sits.
    expect(sheet.style.transform).toBe('');
    fireEvent.pointerMove(handle, { clientY: 330, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 330, pointerId: 1 });
    expect(onClose).not.toHaveBeenCalled();
    expect(sheet.style.transform).toBe('');
    fireEvent.pointerDown(handle, { clientY: 300, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 400, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 400, pointerId: 1 });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('slides the sheet up only for a bettor who did not ask for reduced motion', () => {
    renderWithProviders(<Modal title="Bet slip" onClose={() => undefined} variant="sheet" />);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    const animations = [...css.matchAll(/animation:[^;}]*/g)];
    expect(animations.length).toBeGreaterThan(0);
    for (const animation of animations) {
      // Each animation sits inside the no-preference query: the last one opened before it, and not closed since.
      const before = css.slice(0, animation.index);
      const query = before.lastIndexOf('prefers-reduced-motion');
      expect(query).toBeGreaterThan(before.lastIndexOf('}'));
      expect(before.slice(query)).toMatch(/^prefers-reduced-motion:\s*no-preference/);
    }
  });

  describe('the page behind', () => {
    const root = document.documentElement;
    afterEach(() => {
      root.style.overflow = '';
      root.style.scrollbarGutter = '';
    });

    it('does not scroll while the dialog is open, and gets back its own overflow when it closes', () => {
      root.style.overflow = 'clip';
      const { unmount } = renderWithProviders(<Modal title="Bet slip" onClose={() => undefined} variant="sheet" />);
      expect(root.style.overflow).toBe('hidden');
      unmount();
      expect(root.style.overflow).toBe('clip');
      expect(root.style.scrollbarGutter).toBe('');
    });

    it('keeps the scrollbar gutter of a page that shows a scrollbar while locked, so nothing moves sideways', () => {
      // jsdom lays nothing out: the root is 0 px wide in a 1024 px window, as if a scrollbar took the difference.
      expect(window.innerWidth).toBeGreaterThan(root.clientWidth);
      const { unmount } = renderWithProviders(<Modal title="Trap" onClose={() => undefined} />);
      expect(root.style.scrollbarGutter).toBe('stable');
      unmount();
      expect(root.style.scrollbarGutter).toBe('');
    });

    it('stays locked until the last of two dialogs closes, in either order, and unlocks after consecutive ones', () => {
      const page = (first: boolean, second: boolean) => (
        <>
          {first ? <Modal title="First" onClose={() => undefined} /> : null}
          {second ? <Modal title="Second" onClose={() => undefined} variant="sheet" /> : null}
        </>
      );
      const { rerender } = renderWithProviders(page(true, false));
      rerender(page(true, true));
      expect(root.style.overflow).toBe('hidden');
      rerender(page(false, true));
      expect(root.style.overflow).toBe('hidden');
      rerender(page(false, false));
      expect(root.style.overflow).toBe('');
      rerender(page(false, true));
      rerender(page(true, true));
      rerender(page(true, false));
      expect(root.style.overflow).toBe('hidden');
      rerender(page(false, false));
      expect(root.style.overflow).toBe('');
      rerender(page(true, false));
      rerender(page(false, false));
      rerender(page(false, true));
      expect(root.style.overflow).toBe('hidden');
      rerender(page(false, false));
      expect(root.style.overflow).toBe('');
    });

    it('leaves the page where the browser kept it while locked, instead of jumping back to an old position', () => {
      const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      window.scrollY = 640;
      const { unmount } = renderWithProviders(<Modal title="Bet slip" onClose={() => undefined} variant="sheet" />);
      // A game above left the line while the sheet was open: scroll anchoring moved the page up by its height, so
      // what the bettor sees stayed put. Going back to 640 would move it by that height.
      window.scrollY = 250;
      unmount();
      expect(root.style.overflow).toBe('');
      expect(scrollTo).not.toHaveBeenCalled();
      window.scrollY = 0;
      scrollTo.mockRestore();
    });
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
