import { useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useSiteConfig, useT } from '@tessera/shared/data-access-brand';
import { Button, Modal } from '@tessera/shared/ui';
import { useMachine } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { realityCheckMachine } from './reality-check.machine';
import { responsibleApi } from './responsible.api';
import { responsibleKeys } from './responsible-page';
import { useResponsibleFormat } from './use-responsible-format';

/** Props of {@link RealityCheck}. */
export interface RealityCheckProps {
  /** Opens the bets history (the app's router). */
  onHistory: () => void;
  /** The app's sign-out button (features never import each other). */
  logoutButton: ReactNode;
}

/** The reality check dialog of a signed-in player where the configuration asks for it (responsible.realityCheck). */
export function RealityCheck(props: RealityCheckProps) {
  const enabled = useSiteConfig().responsible.realityCheck.enabled;
  return enabled ? <RealityCheckDialog {...props} /> : null;
}

function RealityCheckDialog({ onHistory, logoutButton }: RealityCheckProps) {
  const { t } = useT();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { money } = useResponsibleFormat();
  const machine = useMemo(
    () =>
      realityCheckMachine.provide({
        actors: {
          fetchSession: fromPromise(() => client.send(responsibleApi.session, {})),
          acknowledge: fromPromise(async () => {
            const session = await client.send(responsibleApi.continueSession, {});
            queryClient.setQueryData(responsibleKeys.session(), session);
            return session;
          }),
        },
        actions: { openHistory: () => onHistory() },
      }),
    [client, queryClient, onHistory],
  );
  const [snapshot, send] = useMachine(machine);
  const shown = snapshot.matches('due') || snapshot.matches('refreshing') || snapshot.matches('acknowledging');
  const session = snapshot.context.session;
  if (!shown || !session) return null;
  return (
    <Modal title={t('responsible:reality.title')} onClose={() => send({ type: 'check.continue' })}>
      <p>{t('responsible:reality.body', { count: session.minutesPlayed })}</p>
      <p>{t('responsible:reality.wagered', { amount: money(session.wagered, session.currency) })}</p>
      <p>{t('responsible:reality.net', { amount: money(session.netPosition, session.currency) })}</p>
      <Button variant="accent" onClick={() => send({ type: 'check.continue' })}>
        {t('responsible:reality.continue')}
      </Button>{' '}
      <Button variant="secondary" onClick={() => send({ type: 'check.history' })}>
        {t('responsible:reality.history')}
      </Button>{' '}
      {logoutButton}
    </Modal>
  );
}
