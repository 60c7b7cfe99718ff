import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, Radio } from './choice';

describe('Checkbox', () => {
  it('is a checkbox named by the text beside it, toggled by a click on that text', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Checkbox label="I understand" hint="This cannot be undone" onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'I understand' });
    expect(box).toHaveAccessibleDescription('This cannot be undone');
    await userEvent.click(screen.getByText('I understand'));
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('passes required and disabled through to the native control', () => {
    renderWithProviders(<Checkbox label="Confirm" required disabled />);
    const box = screen.getByRole('checkbox', { name: 'Confirm' });
    expect(box).toBeRequired();
    expect(box).toBeDisabled();
  });
});

describe('Radio', () => {
  it('radios of one name are one choice, picked by their labels', async () => {
    function BetType() {
      const [type, setType] = useState('single');
      return (
        <div role="radiogroup" aria-label="Bet type">
          {['single', 'express'].map((value) => (
            <Radio
              key={value}
              name="type"
              value={value}
              label={value === 'single' ? 'Single' : 'Express'}
              checked={type === value}
              onChange={() => setType(value)}
            />
          ))}
        </div>
      );
    }
    renderWithProviders(<BetType />);
    expect(screen.getByRole('radio', { name: 'Single' })).toBeChecked();
    await userEvent.click(screen.getByText('Express'));
    expect(screen.getByRole('radio', { name: 'Express' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Single' })).not.toBeChecked();
  });
});
