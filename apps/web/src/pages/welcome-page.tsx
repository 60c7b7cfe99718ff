import { filterAuthorized, reloadInto, useSession } from '@tessera/account/data-access-session';
import { WELCOME_MODAL, WelcomeModal } from '@tessera/account/feature-auth';
import { useBrand, useSiteConfig, useT, withLanguage } from '@tessera/shared/data-access-brand';
import { ModalQueueProvider, useModalQueue } from '@tessera/shared/data-access-modal';
import { useEffect, useRef } from 'react';
import { PageLayout } from './page-layout';

function SocialWelcome() {
  const config = useSiteConfig();
  const brand = useBrand();
  const user = filterAuthorized(useSession());
  const modals = useModalQueue();
  const localise = (path: string) => withLanguage(path, brand.language);
  const redirect = config.registration.redirectAfter;
  const opened = useRef(false);
  useEffect(() => {
    // Once per visit of the page: the same welcome as the registration form gives, then the configured redirect.
    if (opened.current) return;
    opened.current = true;
    if (config.registration.welcomeModal)
      modals.open(WELCOME_MODAL, { user, account_id: user.id, welcome: { modal: true, redirect } });
    else reloadInto(withLanguage(redirect, brand.language));
  }, [config.registration.welcomeModal, modals, user, redirect, brand.language]);
  return <WelcomeModal localise={localise} />;
}

/**
 * Where a registration that left the site lands (social sign-in through an identity provider): the welcome modal,
 * then the page the brand configures after registration. Authorised only.
 */
export function WelcomePage() {
  const { t } = useT();
  return (
    <PageLayout title={t('pages:registration.title')}>
      <ModalQueueProvider>
        <SocialWelcome />
      </ModalQueueProvider>
    </PageLayout>
  );
}
