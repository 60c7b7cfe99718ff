import {
  authCalls,
  toAccountError,
  useAccountText,
  withReauth,
  type AccountError,
} from '@tessera/account/data-access-session';
import { FormAlert, StyledForm, TextField } from '@tessera/account/ui';
import { ApiClientProvider, useApiClient } from '@tessera/shared/data-access-api';
import { Button, Modal } from '@tessera/shared/ui';
import { type FormEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';

/** Props of {@link ReauthProvider}. */
export interface ReauthProviderProps {
  children?: ReactNode;
}

/**
 * Gives everything below a client that answers the server's demand for a recent sign-in (ADR 0206): a call refused
 * with `reauth_required` opens a dialog asking for the password, sends it, and the call is retried; cancelled, the
 * refusal reaches the panel as it came.
 */
export function ReauthProvider({ children }: ReauthProviderProps) {
  const client = useApiClient();
  const { ta, errorText } = useAccountText();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<AccountError | null>(null);
  const [busy, setBusy] = useState(false);
  // Calls waiting for the dialog: several panels may be refused at once, one password answers them all.
  const waiting = useRef<Array<(confirmed: boolean) => void>>([]);

  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current.push(resolve);
        setOpen(true);
      }),
    [],
  );
  const guarded = useMemo(() => withReauth(client, confirm), [client, confirm]);

  const finish = (confirmed: boolean) => {
    const resolves = waiting.current;
    waiting.current = [];
    setOpen(false);
    setPassword('');
    setError(null);
    for (const resolve of resolves) resolve(confirmed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      await client.send(authCalls.reauth, { password });
      finish(true);
    } catch (failure) {
      setError(toAccountError(failure, 'credentials'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ApiClientProvider client={guarded}>
      {children}
      {open ? (
        <Modal title={ta('reauth.title')} onClose={() => finish(false)}>
          <StyledForm onSubmit={submit} noValidate>
            <p>{ta('reauth.text')}</p>
            <FormAlert>{error && error.key !== 'error.credentials' ? errorText(error) : undefined}</FormAlert>
            <TextField
              label={ta('field.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error?.key === 'error.credentials' ? ta('error.credentials') : undefined}
            />
            <Button type="submit" loading={busy} disabled={!password}>
              {ta('reauth.submit')}
            </Button>
            <Button variant="ghost" onClick={() => finish(false)}>
              {ta('common.cancel')}
            </Button>
          </StyledForm>
        </Modal>
      ) : null}
    </ApiClientProvider>
  );
}
