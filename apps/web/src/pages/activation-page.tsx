import { AccountApiProvider, useAccountText } from '@tessera/account/data-access-session';
import { EmailActivation } from '@tessera/account/feature-auth';
import { FormAlert } from '@tessera/account/ui';
import { useSearchParams } from 'react-router';
import { PageLayout } from './page-layout';

/** The page of the activation message (`/activate?token=`): the bettor confirms the e-mail address with a press. */
export function ActivationPage() {
  const { ta } = useAccountText();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  return (
    <PageLayout title={ta('activation.title')}>
      {token ? (
        <AccountApiProvider>
          <EmailActivation token={token} />
        </AccountApiProvider>
      ) : (
        <FormAlert>{ta('link.noToken')}</FormAlert>
      )}
    </PageLayout>
  );
}
