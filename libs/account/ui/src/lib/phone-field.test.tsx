import { DEFAULT_PHONE_RULES, phoneRulesFromSettings, type PhoneRules } from '@tessera/account/util-validation';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field';

function Harness({
  country,
  onValue,
  rules = DEFAULT_PHONE_RULES,
}: {
  country: string;
  onValue?: (digits: string) => void;
  rules?: PhoneRules;
}) {
  const [digits, setDigits] = useState('');
  return (
    <PhoneField
      label="Phone"
      country={country}
      rules={rules}
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

  it('takes the country rules from configuration: a brand rule gives the mask, prefix, length and first digits', async () => {
    const seen: string[] = [];
    // Albion Odds' Irish rule (brands/albion-odds/brand.json): mobile numbers, 9 national digits starting with 8.
    const rules = phoneRulesFromSettings({
      countries: { IE: { CountryId: 372, PhoneCode: '353', Mask: '85-012-3456', Min: 9, Max: 9, FirstDigits: '8' } },
    });
    renderWithProviders(<Harness country="IE" rules={rules} onValue={(d) => seen.push(d)} />);
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('placeholder', '** *** ****');
    expect(input).toHaveAccessibleDescription('+353');
    await userEvent.type(input, '851234567999');
    expect(seen.at(-1)).toBe('851234567');
    expect(input).toHaveValue('85 123 4567');
    await userEvent.clear(input);
    await userEvent.type(input, '1');
    expect(seen.at(-1)).toBe('');
  });

  it('caps a country without a rule at the configured maxDigits', async () => {
    const seen: string[] = [];
    renderWithProviders(
      <Harness
        country="XK"
        rules={phoneRulesFromSettings({ maxDigits: 12, countries: {} })}
        onValue={(d) => seen.push(d)}
      />,
    );
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '12345678901234567890');
    expect(seen.at(-1)).toBe('123456789012');
  });

  it('a country without a rule loads its calling code with the phone metadata, then removes it from a paste', async () => {
    const seen: string[] = [];
    renderWithProviders(<Harness country="FR" onValue={(d) => seen.push(d)} />);
    const input = screen.getByLabelText('Phone');
    // The metadata arrives after the first paint (a chunk of its own in the browser).
    await waitFor(async () => {
      await userEvent.clear(input);
      await userEvent.click(input);
      await userEvent.paste('+33 6 12 34 56 78');
      expect(seen.at(-1)).toBe('612345678');
    });
  });
});
