import { AccountApiProvider, useAccountText } from '@tessera/account/data-access-session';
import { PasswordResetConfirmForm, PasswordResetForm } from '@tessera/account/feature-auth';
import { Link } from '@tessera/shared/ui';
import { useSearchParams } from 'react-router';
import { PageLayout } from './page-layout';

/**
 * The page of the password reset message (`/passwordreset?token=`): a new password with the token; without a token,
 * the form that sends the message.
 */
export function PasswordResetPage() {
  const { ta } = useAccountText();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  return (
    <PageLayout title={ta('reset.title')}>
      <AccountApiProvider>
        {token ? <PasswordResetConfirmForm token={token} /> : <PasswordResetForm />}
      </AccountApiProvider>
      <p>
        <Link to="/login">{ta('reset.back')}</Link>
      </p>
    </PageLayout>
  );
}
