import { reloadInto, useAccountText, type RegistrationAnswer } from '@tessera/account/data-access-session';
import { useModal } from '@tessera/shared/data-access-modal';
import { Button, Modal } from '@tessera/shared/ui';

/** Name of the welcome modal in the page's modal queue. */
export const WELCOME_MODAL = 'REGISTRATION_WELCOME';

/** Props of {@link WelcomeModal}. */
export interface WelcomeModalProps {
  /** Where to go when the bettor closes it (default: a page load of the answer's redirect). */
  onDone?: (redirect: string) => void;
  /** Adds the page language to the server's redirect path. */
  localise: (path: string) => string;
}

/** The welcome shown after registration through the modal queue; the fast variant's password is shown here once. */
export function WelcomeModal({ onDone, localise }: WelcomeModalProps) {
  const modal = useModal(WELCOME_MODAL);
  const { ta } = useAccountText();
  if (!modal.isOpen) return null;
  const answer = modal.args as unknown as RegistrationAnswer;
  const done = () => {
    modal.close();
    const target = localise(answer.welcome.redirect);
    if (onDone) onDone(target);
    else reloadInto(target);
  };
  return (
    <Modal title={ta('welcome.title')} onClose={done}>
      <p>{ta('welcome.text', { id: answer.account_id })}</p>
      {answer.password ? <p>{ta('welcome.password', { password: answer.password })}</p> : null}
      {answer.email_activation_required ? <p>{ta('welcome.activation')}</p> : null}
      <Button onClick={done}>{ta('welcome.continue')}</Button>
    </Modal>
  );
}
