import { AccountApiProvider, reloadInto, type RegistrationAnswer } from '@tessera/account/data-access-session';
import { RegistrationForm, WELCOME_MODAL, WelcomeModal } from '@tessera/account/feature-auth';
import { useBrand, useSiteConfig, useT, withLanguage } from '@tessera/shared/data-access-brand';
import { ModalQueueProvider, useModalQueue } from '@tessera/shared/data-access-modal';
import { Link } from '@tessera/shared/ui';
import { PageLayout } from './page-layout';

function RegistrationFlow() {
  const config = useSiteConfig();
  const brand = useBrand();
  const modals = useModalQueue();
  const localise = (path: string) => withLanguage(path, brand.language);
  const registered = (answer: RegistrationAnswer) => {
    // The welcome modal carries the fast variant's one-time password, so it opens whenever the server asks for it.
    if (answer.welcome.modal || answer.password || config.registration.welcomeModal)
      modals.open(WELCOME_MODAL, { ...answer });
    else reloadInto(localise(answer.welcome.redirect));
  };
  return (
    <>
      <RegistrationForm onRegistered={registered} />
      <WelcomeModal localise={localise} />
    </>
  );
}

/** Registration page (guests only): the variants the brand and country switch on, then the welcome modal. */
export function RegistrationPage() {
  const { t, tDynamic } = useT();
  return (
    <PageLayout title={t('pages:registration.title')}>
      <AccountApiProvider>
        <ModalQueueProvider>
          <RegistrationFlow />
        </ModalQueueProvider>
      </AccountApiProvider>
      <p>
        <Link to="/login">{tDynamic('account:registration.haveAccount', 'account:registration.haveAccount')}</Link>
      </p>
    </PageLayout>
  );
}
