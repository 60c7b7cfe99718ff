// The shell loads the idle sign-out lazily through this file: only a signed-in page of a brand with auth.autoLogoff
// fetches its code (libs/server/accounts README, "Idle sign-out and session lifetime").
import { AccountApiProvider } from '@tessera/account/data-access-session';
import { IdleSignOut } from '@tessera/account/feature-security';

/** The idle sign-out over the account API client. */
export function IdleWatch() {
  return (
    <AccountApiProvider>
      <IdleSignOut />
    </AccountApiProvider>
  );
}
