import { authCalls, toAccountError, useAccountText, type AccountError } from '@tessera/account/data-access-session';
import { FormAlert } from '@tessera/account/ui';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useState } from 'react';

/** Props of {@link EmailActivation}. */
export interface EmailActivationProps {
  /** The token of the activation message (`/activate?token=`). */
  token: string;
}

/**
 * Confirms the e-mail address with the activation token. The bettor presses the button: a link preview or a mail
 * scanner that merely opens the page does not spend the token.
 */
export function EmailActivation({ token }: EmailActivationProps) {
  const client = useApiClient();
  const { ta, errorText } = useAccountText();
  const [error, setError] = useState<AccountError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await client.send(authCalls.activateEmail, { token });
      setDone(true);
    } catch (caught) {
      setError(toAccountError(caught, 'code'));
    } finally {
      setBusy(false);
    }
  };
  if (done) return <FormAlert tone="success">{ta('activation.done')}</FormAlert>;
  return (
    <div>
      <FormAlert>{errorText(error)}</FormAlert>
      <Button loading={busy} onClick={confirm}>
        {ta('activation.submit')}
      </Button>
    </div>
  );
}
