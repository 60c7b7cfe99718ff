// The shell loads player protection lazily through this file: only a signed-in page of a brand with reality checks
// or the header's session status fetches its code (libs/server/responsible README).
import { AccountApiProvider } from '@tessera/account/data-access-session';
import { LogoutButton } from '@tessera/account/feature-auth';
import { RealityCheck, SessionStatus } from '@tessera/account/feature-responsible';
import { useBrand, withLanguage } from '@tessera/shared/data-access-brand';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** The reality check dialog over the account API client; "see history" opens the bets history. */
export function RealityCheckWatch() {
  const navigate = useNavigate();
  const { language } = useBrand();
  const onHistory = useCallback(() => void navigate(withLanguage('/office/bets', language)), [navigate, language]);
  return (
    <AccountApiProvider>
      <RealityCheck onHistory={onHistory} logoutButton={<LogoutButton />} />
    </AccountApiProvider>
  );
}

/** The header's session time and net position over the account API client. */
export function HeaderSessionStatus() {
  return (
    <AccountApiProvider>
      <SessionStatus />
    </AccountApiProvider>
  );
}
