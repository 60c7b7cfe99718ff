import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';
import { Select } from './select';

function AmountField({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <Field label="Amount (EUR)" hint="From 10 to 500" error={error}>
      <Input inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} />
    </Field>
  );
}

describe('Field', () => {
  it('names its control by the visible label and describes it by the hint', async () => {
    renderWithProviders(<AmountField />);
    const input = screen.getByRole('textbox', { name: 'Amount (EUR)' });
    expect(input).toHaveAccessibleDescription('From 10 to 500');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByText('Amount (EUR)'));
    expect(input).toHaveFocus();
    await userEvent.type(input, '25');
    expect(input).toHaveValue('25');
  });

  it('marks the control invalid and announces the error, described after the hint', () => {
    renderWithProviders(<AmountField error="Below the minimum" />);
    const input = screen.getByRole('textbox', { name: 'Amount (EUR)' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('From 10 to 500 Below the minimum');
    expect(screen.getByRole('alert')).toHaveTextContent('Below the minimum');
  });

  it('points at a description outside the field and can be invalid without an error of its own', () => {
    renderWithProviders(
      <>
        <Field label="Code" invalid describedBy="form-alert">
          <Input />
        </Field>
        <p id="form-alert">The code has expired</p>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The code has expired');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives two fields on one page their own ids', () => {
    renderWithProviders(
      <>
        <Field label="From">
          <Input />
        </Field>
        <Field label="To">
          <Input />
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'From' }).id).not.toBe(screen.getByRole('textbox', { name: 'To' }).id);
  });
});

describe('Select', () => {
  it('is a native select named by its field, and reports the chosen option', async () => {
    function Kind() {
      const [kind, setKind] = useState('deposit');
      return (
        <>
          <Field label="Kind" hint="What the limit counts">
            <Select value={kind} onChange={(event) => setKind(event.target.value)}>
              <option value="deposit">Deposits</option>
              <option value="loss">Losses</option>
            </Select>
          </Field>
          <output>{kind}</output>
        </>
      );
    }
    renderWithProviders(<Kind />);
    const select = screen.getByRole('combobox', { name: 'Kind' });
    expect(select).toHaveAccessibleDescription('What the limit counts');
    await userEvent.selectOptions(select, 'Losses');
    expect(screen.getByRole('status')).toHaveTextContent('loss');
  });

  it('works outside a field with its own label', () => {
    renderWithProviders(
      <Select aria-label="Language">
        <option>English</option>
      </Select>,
    );
    expect(screen.getByRole('combobox', { name: 'Language' })).not.toHaveAttribute('aria-invalid');
  });
});
