import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';

describe('Button', () => {
  it('is a real button that does not submit forms by accident', async () => {
    const onClick = vi.fn();
    renderWithProviders(<Button onClick={onClick}>Bet</Button>);
    const button = screen.getByRole('button', { name: 'Bet' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <Button loading onClick={onClick}>
        Bet
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Bet' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('of size control is as tall as the text box beside it, its border counted alike', () => {
    renderWithProviders(
      <>
        <Field label="Code">
          <Input />
        </Field>
        <Button size="control">Load</Button>
      </>,
    );
    const box = getComputedStyle(screen.getByRole('textbox', { name: 'Code' }));
    const button = getComputedStyle(screen.getByRole('button', { name: 'Load' }));
    expect(button.minHeight).toBe('44px');
    expect(button.minHeight).toBe(box.minHeight);
    expect(button.boxSizing).toBe(box.boxSizing);
  });
});
