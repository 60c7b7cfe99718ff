import { reloadInto, useAccountText, useIdleLogoff } from '@tessera/account/data-access-session';
import { StyledButtonRow } from '@tessera/account/ui';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useBrand, withLanguage } from '@tessera/shared/data-access-brand';
import { Button, Modal } from '@tessera/shared/ui';
import { useCallback } from 'react';

/** Props of {@link IdleSignOut}. */
export interface IdleSignOutProps {
  /** Called instead of opening the home page once signed out (tests). */
  onSignedOut?: () => void;
}

/**
 * The idle sign-out of a signed-in page (libs/server/accounts README, "Idle sign-out and session lifetime"): nothing until a minute before the server's idle deadline, then a
 * dialog "You will be signed out in 60 s" with "Stay signed in" (which counts as activity) and "Sign out now"; when
 * the time runs out the session is signed out and the home page opens with a fresh load.
 */
export function IdleSignOut({ onSignedOut }: IdleSignOutProps) {
  const client = useApiClient();
  const brand = useBrand();
  const { ta } = useAccountText();
  const signedOut = useCallback(() => {
    if (onSignedOut) onSignedOut();
    else reloadInto(withLanguage('/', brand.language));
  }, [onSignedOut, brand.language]);
  const idle = useIdleLogoff(client, signedOut);
  if (!idle.warning) return null;
  // Closing the warning (Escape, the close button) is a wish to stay.
  return (
    <Modal title={ta('idle.title')} onClose={idle.stay}>
      <p>{ta('idle.text', { seconds: idle.secondsLeft })}</p>
      <StyledButtonRow>
        <Button onClick={idle.stay}>{ta('idle.stay')}</Button>
        <Button variant="ghost" onClick={idle.signOut}>
          {ta('idle.signOut')}
        </Button>
      </StyledButtonRow>
    </Modal>
  );
}
