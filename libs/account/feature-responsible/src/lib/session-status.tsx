import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useSiteConfig, useT } from '@tessera/shared/data-access-brand';
import { useEffect, useState } from 'react';
import { responsibleApi } from './responsible.api';
import { responsibleKeys } from './responsible-page';
import { useResponsibleFormat } from './use-responsible-format';

/** How often the header asks for the net position again. */
export const SESSION_STATUS_REFRESH_MS = 30_000;

function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The session time and net position in the header, where the configuration asks (responsible.showSessionTimer,
 * showNetPosition): the start comes from the server, so every tab shows the same time.
 */
export function SessionStatus() {
  const { responsible } = useSiteConfig();
  const on = responsible.showSessionTimer || responsible.showNetPosition;
  return on ? <SessionStatusLine timer={responsible.showSessionTimer} net={responsible.showNetPosition} /> : null;
}

function SessionStatusLine({ timer, net }: { timer: boolean; net: boolean }) {
  const { t } = useT();
  const client = useApiClient();
  const { money } = useResponsibleFormat();
  const session = useQuery({
    queryKey: responsibleKeys.session(),
    queryFn: ({ signal }) => client.send(responsibleApi.session, {}, { signal }),
    refetchInterval: SESSION_STATUS_REFRESH_MS,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timer) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [timer]);
  const data = session.data;
  if (!data) return null;
  const elapsed =
    new Date(data.serverTime).getTime() - new Date(data.startedAt).getTime() + (now - session.dataUpdatedAt);
  return (
    <span role="status" aria-live="off">
      {timer ? <span>{t('responsible:header.session', { time: clockText(elapsed) })}</span> : null}
      {timer && net ? ' · ' : null}
      {net ? <span>{t('responsible:header.net', { amount: money(data.netPosition, data.currency) })}</span> : null}
    </span>
  );
}
