import { createAccountApiClient, reloadInto, useAccountText } from '@tessera/account/data-access-session';
import { type ApiClient } from '@tessera/shared/data-access-api';
import { useBrand, withLanguage } from '@tessera/shared/data-access-brand';
import { Button } from '@tessera/shared/ui';
import { useState } from 'react';

/** Props of {@link LogoutButton}. */
export interface LogoutButtonProps {
  /** A client to send with (tests); by default the account client. */
  client?: ApiClient;
  /** Called instead of the page load after signing out (tests). */
  onSignedOut?: () => void;
}

/**
 * Signs this session out, then opens the home page with a fresh load. Even when the call fails (network), the
 * page reloads: the server decides the session again, so the bettor never sees a half signed-out page. A chunk that
 * fails to load counts as a failed call.
 */
export function LogoutButton({ client, onSignedOut }: LogoutButtonProps) {
  const { ta } = useAccountText();
  const brand = useBrand();
  const [own] = useState(() => client ?? createAccountApiClient());
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      const { logoutCall } = await import('./logout-call');
      await own.send(logoutCall);
    } catch {
      // Reload below either way; a still-valid session shows up as signed in again.
    } finally {
      setBusy(false);
      if (onSignedOut) onSignedOut();
      else reloadInto(withLanguage('/', brand.language));
    }
  };
  return (
    <Button variant="ghost" size="small" loading={busy} onClick={signOut}>
      {ta('logout')}
    </Button>
  );
}
