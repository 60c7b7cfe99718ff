import type { PasswordStrengthChecker } from '@tessera/account/util-validation';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasswordStrengthMeter, usePasswordStrength, type PasswordStrengthTexts } from './password-strength-meter';
import { TextField } from './text-field';

// The estimator's load, held by the test: each call answers a promise the test settles.
const loads: Array<{ resolve: (c: PasswordStrengthChecker) => void; reject: (e: unknown) => void }> = [];
const loadChecker = () =>
  new Promise<PasswordStrengthChecker>((resolve, reject) => {
    loads.push({ resolve, reject });
  });

const checker: PasswordStrengthChecker = {
  estimate: (password) => ({ score: password.length > 12 ? 4 : 1, acceptable: password.length > 12, suggestions: [] }),
  describe: () => '',
};

const texts: PasswordStrengthTexts = {
  level: (score) => `Strength: ${score}`,
  checking: 'Strength: checking…',
  unavailable: 'Strength: checked on submit',
  feedback: (kind, key) => `${kind} ${key}`,
};

function Harness() {
  const [password, setPassword] = useState('');
  const strength = usePasswordStrength(password, [], loadChecker);
  return (
    <>
      <TextField
        label="New password"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        onFocus={strength.load}
        aria-describedby="meter"
      />
      <PasswordStrengthMeter id="meter" state={strength} texts={texts} />
      <p>status {strength.status}</p>
    </>
  );
}

beforeEach(() => {
  loads.length = 0;
});

describe('usePasswordStrength', () => {
  it('loads nothing with the page; the focus of the password loads the estimator, and the meter says it is checking', async () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText('status idle')).toBeInTheDocument();
    expect(loads).toHaveLength(0);
    const field = screen.getByLabelText('New password');
    await userEvent.click(field);
    expect(loads).toHaveLength(1);
    expect(screen.getByText('status loading')).toBeInTheDocument();
    // Nothing typed yet: nothing to say.
    expect(screen.getByText('status loading').previousElementSibling?.textContent).toBe('');
    await userEvent.type(field, 'correct horse battery');
    expect(await screen.findByText('Strength: checking…')).toHaveAttribute('aria-live', 'polite');
    await act(async () => loads[0]?.resolve(checker));
    expect(await screen.findByText('Strength: 4')).toBeInTheDocument();
    expect(screen.queryByText('Strength: checking…')).toBeNull();
    expect(loads).toHaveLength(1);
  });

  it('typing starts the load without a focus (a filled-in password); a failed load is tried again on the next focus', async () => {
    const view = renderWithProviders(<Harness />);
    const field = screen.getByLabelText('New password');
    // A password manager fills the field: an input event without a focus.
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(field, 'filled in password');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(loads).toHaveLength(1);
    expect(screen.getByText('Strength: checking…')).toBeInTheDocument();
    await act(async () => loads[0]?.reject(new Error('offline')));
    expect(await screen.findByText('status failed')).toBeInTheDocument();
    // The server checks the strength; the meter does not pretend to, and says so.
    expect(screen.queryByText('Strength: checking…')).toBeNull();
    expect(screen.getByText('Strength: checked on submit')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(field);
    expect(loads).toHaveLength(2);
    await act(async () => loads[1]?.resolve(checker));
    expect(await screen.findByText('Strength: 4')).toBeInTheDocument();
    view.unmount();
  });
});
