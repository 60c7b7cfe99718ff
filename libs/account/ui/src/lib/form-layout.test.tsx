import { createTheme } from '@tessera/shared/ui-theme';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { StyledForm } from './form-layout';
import { TextField } from './text-field';

function LoginLike() {
  return (
    <StyledForm aria-label="Sign in">
      <TextField label="Password" name="password" type="password" />
      <button type="submit">Log in</button>
    </StyledForm>
  );
}

describe('StyledForm', () => {
  it('is served with its controls disabled, so a press before hydration cannot submit the form natively', () => {
    const theme = createTheme(testBrandPayload().theme);
    const html = renderToString(
      <ThemeProvider theme={theme}>
        <LoginLike />
      </ThemeProvider>,
    );
    expect(html).toMatch(/<fieldset[^>]* disabled=""/);
  });

  it('enables its controls once the page runs in the browser', () => {
    renderWithProviders(<LoginLike />);
    expect(screen.getByLabelText('Password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });
});
