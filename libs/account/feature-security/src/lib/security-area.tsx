import { useAccountSession, useAccountText } from '@tessera/account/data-access-session';
import { useSiteConfig } from '@tessera/shared/data-access-brand';
import { Skeleton } from '@tessera/shared/ui';
import styled from 'styled-components';
import { ChangePasswordForm } from './change-password-form';
import { PhonePanel } from './phone-panel';
import { ReauthProvider } from './reauth-provider';
import { SecureQuestionPanel } from './secure-question-panel';
import { SessionsPanel } from './sessions-panel';
import { TwoFactorPanel } from './two-factor-panel';

const StyledArea = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/**
 * The office security area: password, two-factor, phone, secure question, sessions. A change the server refuses for
 * want of a recent sign-in asks for the password in a dialog and is retried (ADR 0206).
 */
export function SecurityArea() {
  const config = useSiteConfig();
  const session = useAccountSession();
  const { ta } = useAccountText();
  const facts = session.data?.status === 'authorised' ? session.data : undefined;
  return (
    <ReauthProvider>
      <StyledArea>
        <ChangePasswordForm />
        {facts ? (
          <>
            {config.auth.twoFactor ? (
              <TwoFactorPanel
                key={`2fa-${facts.two_factor_enabled}-${facts.has_phone}`}
                enabled={facts.two_factor_enabled}
                smsRequired={facts.has_phone}
              />
            ) : null}
            <PhonePanel
              key={`phone-${facts.has_phone}`}
              hasPhone={facts.has_phone}
              hasSecureQuestion={facts.has_secure_question}
            />
          </>
        ) : (
          <Skeleton label={ta('common.loading')} count={2} height="120px" />
        )}
        <SecureQuestionPanel />
        <SessionsPanel />
      </StyledArea>
    </ReauthProvider>
  );
}
