import { reloadInto, useAccountText, type RegistrationAnswer } from '@tessera/account/data-access-session';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { useModal } from '@tessera/shared/data-access-modal';
import { Button, Modal } from '@tessera/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';

const StyledPassword = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 2px solid ${({ theme }) => theme.color.primary.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  p {
    margin: 0;
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 1.4em;
    font-weight: 700;
    letter-spacing: 0.05em;
    overflow-wrap: anywhere;
    user-select: all;
    direction: ltr;
    unicode-bidi: isolate;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/** Props of {@link GeneratedPassword}. */
export interface GeneratedPasswordProps {
  accountId: string;
  password: string;
}

/**
 * The one-click registration's generated password, shown once: large and selectable, with a copy button (the
 * clipboard, or a plain instruction where the browser refuses it) and a text file to save with the account id.
 */
export function GeneratedPassword({ accountId, password }: GeneratedPasswordProps) {
  const { t } = useT();
  const { id: brandId } = useBrand();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  const file = t('coupon:registration.fileText', { id: accountId, password });
  return (
    <StyledPassword>
      <p>{t('coupon:registration.passwordLabel')}</p>
      <code>{password}</code>
      <div>
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          {t('coupon:registration.copy')}
        </Button>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download={`${brandId}-${accountId}.txt`}>
          {t('coupon:registration.save')}
        </a>
      </div>
      <p role="status">
        {copied === 'yes'
          ? t('coupon:registration.copied')
          : copied === 'no'
            ? t('coupon:registration.copyFailed')
            : ''}
      </p>
    </StyledPassword>
  );
}

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
      {answer.password ? (
        <>
          <p>{ta('welcome.password', { password: answer.password })}</p>
          <GeneratedPassword accountId={answer.account_id} password={answer.password} />
        </>
      ) : null}
      {answer.email_activation_required ? <p>{ta('welcome.activation')}</p> : null}
      <Button onClick={done}>{ta('welcome.continue')}</Button>
    </Modal>
  );
}
