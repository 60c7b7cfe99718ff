import type { RegistrationAnswer } from '@tessera/account/data-access-session';
import { ModalQueueProvider, useModalQueue } from '@tessera/shared/data-access-modal';
import { useEffect, useRef } from 'react';
import { WELCOME_MODAL, WelcomeModal } from './welcome-modal';

/** Props of {@link RegistrationWelcome}. */
export interface RegistrationWelcomeProps {
  /** The new account, as the registration answered it. */
  answer: RegistrationAnswer;
  /** Adds the page language to the server's redirect path. */
  localise: (path: string) => string;
}

function OpenWelcome({ answer }: { answer: RegistrationAnswer }) {
  const modals = useModalQueue();
  const opened = useRef<RegistrationAnswer | null>(null);
  useEffect(() => {
    if (opened.current === answer) return;
    opened.current = answer;
    modals.open(WELCOME_MODAL, { ...answer });
  }, [answer, modals]);
  return null;
}

/**
 * The welcome after a registration, in a modal queue of its own (XState's machine and its React binding): a chunk the
 * registration page loads when the person starts on the form ({@link preloadRegistrationWelcome}), not with the page.
 */
export function RegistrationWelcome({ answer, localise }: RegistrationWelcomeProps) {
  return (
    <ModalQueueProvider>
      <OpenWelcome answer={answer} />
      <WelcomeModal localise={localise} />
    </ModalQueueProvider>
  );
}
