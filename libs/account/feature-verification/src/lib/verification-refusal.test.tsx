import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { explainVerificationRefusal, verificationRefusalOf } from './verification-refusal';

const clientError = (raw: object) => ({ body: { raw } });

describe('verification refusals on other pages', () => {
  it('reads the refusal from the API client error and says what to do, with the way to the page', () => {
    const error = clientError({
      message: 'Withdrawals need a verified identity',
      error_code: 1701,
      verification: { rule: 'withdrawal', status: 'not_started' },
    });
    expect(verificationRefusalOf(error)).toEqual({ rule: 'withdrawal', status: 'not_started', code: 1701 });
    const { t } = renderWithProviders(<>{explainVerificationRefusal(error)}</>, { route: '/en/office/withdraw' });
    expect(screen.getByText(t('verification:refusal.1701'), { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('verification:refusal.link') })).toHaveAttribute(
      'href',
      '/en/office/verification',
    );
  });

  it('leaves every other error to someone else', () => {
    expect(explainVerificationRefusal(clientError({ message: 'Limit', error_code: 1201 }))).toBeNull();
    expect(explainVerificationRefusal(new Error('network'))).toBeNull();
  });
});
