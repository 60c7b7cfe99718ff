import {
  accountKeys,
  securityCalls,
  toAccountError,
  useAccountText,
  useUserSessions,
  type AccountError,
} from '@tessera/account/data-access-session';
import { FormAlert, StyledPanel } from '@tessera/account/ui';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useBrand } from '@tessera/shared/data-access-brand';
import { Button, Skeleton } from '@tessera/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
`;

/** A short device name from a user agent: browser and system, enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string | null | undefined): string | undefined {
  if (!userAgent) return undefined;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  return [browser, system].filter(Boolean).join(', ') || userAgent.slice(0, 40);
}

/** The account's live sessions: close one, or disconnect every other one. */
export function SessionsPanel() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const brand = useBrand();
  const { ta, errorText } = useAccountText();
  const sessions = useUserSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AccountError | null>(null);
  const [done, setDone] = useState(false);
  const formatter = new Intl.DateTimeFormat(brand.language, { dateStyle: 'medium', timeStyle: 'short' });

  const act = async (id: string, send: () => Promise<unknown>) => {
    setBusy(id);
    setError(null);
    setDone(false);
    try {
      await send();
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    } catch (caught) {
      setError(toAccountError(caught));
    } finally {
      setBusy(null);
    }
  };

  const others = (sessions.data ?? []).filter((s) => !s.current);
  return (
    <StyledPanel aria-labelledby="sessions-title">
      <h2 id="sessions-title">{ta('sessions.title')}</h2>
      <FormAlert>
        {errorText(error) ?? (sessions.error ? errorText(toAccountError(sessions.error)) : undefined)}
      </FormAlert>
      {done ? <FormAlert tone="success">{ta('sessions.closed')}</FormAlert> : null}
      {sessions.isPending ? <Skeleton label={ta('common.loading')} count={2} height="56px" /> : null}
      <StyledList aria-label={ta('sessions.title')}>
        {(sessions.data ?? []).map((s) => {
          const device = ta('sessions.device', {
            device: describeUserAgent(s.user_agent) ?? ta('sessions.unknown'),
            ip: s.ip ?? '?',
          });
          return (
            <StyledItem key={s.session_id} aria-label={device}>
              <span>
                {device}
                {s.current ? ` (${ta('sessions.current')})` : ''}
                <br />
                {ta('sessions.lastSeen', { date: formatter.format(new Date(s.last_seen_at)) })}
              </span>
              {s.current ? null : (
                <Button
                  size="small"
                  variant="secondary"
                  loading={busy === s.session_id}
                  onClick={() =>
                    act(s.session_id, () => client.send(securityCalls.closeSession, { session_id: s.session_id }))
                  }
                >
                  {ta('sessions.close')}
                </Button>
              )}
            </StyledItem>
          );
        })}
      </StyledList>
      {others.length > 0 ? (
        <Button
          variant="secondary"
          loading={busy === 'all'}
          onClick={() => act('all', () => client.send(securityCalls.disconnectEverywhere))}
        >
          {ta('sessions.closeAll')}
        </Button>
      ) : null}
    </StyledPanel>
  );
}
