import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field';

function Harness({ country, onValue }: { country: string; onValue?: (digits: string) => void }) {
  const [digits, setDigits] = useState('');
  return (
    <PhoneField
      label="Phone"
      country={country}
      value={digits}
      onDigits={(next) => {
        setDigits(next);
        onValue?.(next);
      }}
    />
  );
}

describe('PhoneField', () => {
  it('lays typed digits out in the country mask and keeps only the national digits', async () => {
    const seen: string[] = [];
    renderWithProviders(<Harness country="RU" onValue={(d) => seen.push(d)} />);
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '9161234567');
    expect(seen.at(-1)).toBe('9161234567');
    expect((input as HTMLInputElement).value.replace(/\D/g, '')).toBe('9161234567');
    expect(input).toHaveAccessibleDescription('+7');
  });

  it('shows # slots while focused and * slots otherwise', async () => {
    renderWithProviders(<Harness country="RU" />);
    const input = screen.getByLabelText('Phone');
    expect(input.getAttribute('placeholder')).toContain('*');
    await userEvent.click(input);
    expect(input.getAttribute('placeholder')).toContain('#');
  });

  it('removes a pasted calling code and refuses a Russian number that does not start with 9', async () => {
    const seen: string[] = [];
    renderWithProviders(<Harness country="RU" onValue={(d) => seen.push(d)} />);
    const input = screen.getByLabelText('Phone');
    await userEvent.click(input);
    await userEvent.paste('+7 916 123-45-67');
    expect(seen.at(-1)).toBe('9161234567');
    await userEvent.clear(input);
    await userEvent.type(input, '8');
    expect(seen.at(-1)).toBe('');
  });
});
