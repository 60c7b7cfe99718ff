import { AccountApiProvider, reloadInto, type RegistrationAnswer } from '@tessera/account/data-access-session';
import { LazyRegistrationWelcome, preloadRegistrationWelcome, RegistrationForm } from '@tessera/account/feature-auth';
import { useBrand, useSiteConfig, useT, withLanguage } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import { Suspense, useState } from 'react';
import { PageLayout } from './page-layout';

function RegistrationFlow() {
  const config = useSiteConfig();
  const brand = useBrand();
  const [welcome, setWelcome] = useState<RegistrationAnswer | null>(null);
  const localise = (path: string) => withLanguage(path, brand.language);
  const registered = (answer: RegistrationAnswer) => {
    // The welcome modal carries the fast variant's one-time password, so it opens whenever the server asks for it.
    if (answer.welcome.modal || answer.password || config.registration.welcomeModal) setWelcome(answer);
    else reloadInto(localise(answer.welcome.redirect));
  };
  return (
    <>
      <RegistrationForm onRegistered={registered} onStart={preloadRegistrationWelcome} />
      {/* The welcome (with its modal queue) is a chunk of its own, loaded when the person starts on the form. */}
      {welcome ? (
        <Suspense fallback={null}>
          <LazyRegistrationWelcome answer={welcome} localise={localise} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Registration page (guests only): the variants the brand and country switch on, then the welcome modal. */
export function RegistrationPage() {
  const { t, tDynamic } = useT();
  return (
    <PageLayout title={t('pages:registration.title')}>
      <AccountApiProvider>
        <RegistrationFlow />
      </AccountApiProvider>
      <p>
        <Link to="/login">{tDynamic('account:registration.haveAccount', 'account:registration.haveAccount')}</Link>
      </p>
    </PageLayout>
  );
}
