import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { focusFirstError } from './focus-first-error';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and links its error and hint', () => {
    renderWithProviders(<TextField label="E-mail" error="Enter a correct e-mail address" hint="We never share it" />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a correct e-mail address We never share it');
  });

  it('is not marked invalid without an error', () => {
    renderWithProviders(<TextField label="Name" />);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-describedby');
  });
});

describe('focusFirstError', () => {
  it('focuses the first invalid input and says whether there was one', () => {
    const { container } = renderWithProviders(
      <form>
        <TextField label="A" />
        <TextField label="B" error="wrong" />
        <TextField label="C" error="wrong too" />
      </form>,
    );
    expect(focusFirstError(container.querySelector('form'))).toBe(true);
    expect(screen.getByLabelText('B')).toHaveFocus();
    expect(focusFirstError(null)).toBe(false);
  });
});

describe('FormAlert', () => {
  it('announces errors as alerts, successes as status, and renders nothing without text', () => {
    const { rerender } = renderWithProviders(<FormAlert>Wrong code</FormAlert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong code');
    rerender(<FormAlert tone="success">Saved</FormAlert>);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    rerender(<FormAlert>{undefined}</FormAlert>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
