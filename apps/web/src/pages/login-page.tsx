import { AccountApiProvider, RETURN_TO_PARAM, safeReturnAddress } from '@tessera/account/data-access-session';
import { LoginPanel } from '@tessera/account/feature-auth';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import { useSearchParams } from 'react-router';
import { PageLayout } from './page-layout';

/** Log-in page (guests only): the sign-in form, then back to where the guest came from. */
export function LoginPage() {
  const { t, tDynamic } = useT();
  const brand = useBrand();
  const [search] = useSearchParams();
  const returnTo = safeReturnAddress(search.get(RETURN_TO_PARAM), brand.language);
  return (
    <PageLayout title={t('pages:login.title')}>
      <AccountApiProvider>
        <LoginPanel returnTo={returnTo} />
      </AccountApiProvider>
      <p>
        <Link to="/registration">{tDynamic('account:login.noAccount', 'account:login.noAccount')}</Link>
      </p>
    </PageLayout>
  );
}
