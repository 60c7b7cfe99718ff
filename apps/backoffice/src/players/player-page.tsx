import { useQuery } from '@tanstack/react-query';
import type { BackofficePlayerResponse } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { playerQuery } from '../api/console.queries';
import { DeskState } from '../ui/desk-state';
import { PageHeader } from '../ui/page-header';
import { ReasonDialog } from '../ui/reason-dialog';
import { Tabs } from '../ui/tabs';
import { PlayerStatus } from './player-status';
import {
  BetsPanel,
  LimitsPanel,
  MoneyPanel,
  NotesPanel,
  PaymentsPanel,
  ProfilePanel,
  SessionsPanel,
  VerificationPanel,
} from './player-panels';
import { type PlayerAction, usePlayerActions } from './use-player-action';

const TABS = ['profile', 'money', 'bets', 'payments', 'sessions', 'limits', 'verification', 'notes'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

type Dialog = PlayerAction | 'note' | null;

// Translation keys are camel-cased; the wire's action names are not.
const ACTION_KEY = { lock: 'lock', unlock: 'unlock', 'sign-out': 'signOut' } as const satisfies Record<
  PlayerAction,
  string
>;

/** A player's profile: header with status and actions, and a tab per area (the tab is kept in the address). */
export function PlayerPage() {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const { playerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'profile';
  const query = useQuery(playerQuery(client, playerId));
  const { act, addNote } = usePlayerActions(playerId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const canLock = useCan('players.lock');
  const canSignOut = useCan('players.sign-out');
  const canNote = useCan('players.notes');

  const data: BackofficePlayerResponse | undefined = query.data;
  const player = data?.player;
  const name = player ? (player.name ?? player.email ?? player.id) : t('backoffice:player.title');

  const runAction = async (action: PlayerAction, reason: string) => {
    const answer = await act(action, reason);
    setDone(t(`backoffice:player.done.${ACTION_KEY[action]}`, { count: answer.sessionsClosed }));
  };

  return (
    <>
      <PageHeader
        title={name}
        description={
          player ? (
            <>
              {t('backoffice:player.summary', {
                id: player.id,
                brand: player.brandId,
                country: player.country.toUpperCase(),
              })}{' '}
              <PlayerStatus status={player.status} />
            </>
          ) : undefined
        }
        actions={
          player ? (
            <>
              {canLock && player.status === 'active' ? (
                <Button variant="secondary" size="small" onClick={() => setDialog('lock')}>
                  {t('backoffice:player.action.lock')}
                </Button>
              ) : null}
              {canLock && player.status === 'blocked' ? (
                <Button variant="secondary" size="small" onClick={() => setDialog('unlock')}>
                  {t('backoffice:player.action.unlock')}
                </Button>
              ) : null}
              {canSignOut ? (
                <Button variant="secondary" size="small" onClick={() => setDialog('sign-out')}>
                  {t('backoffice:player.action.signOut')}
                </Button>
              ) : null}
              {canNote ? (
                <Button variant="secondary" size="small" onClick={() => setDialog('note')}>
                  {t('backoffice:player.action.note')}
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {done ? <p role="status">{done}</p> : null}
      <DeskState query={query} loadingLabel={t('backoffice:player.loading')} emptyText={null}>
        {data ? (
          <Tabs
            label={t('backoffice:player.tabs')}
            selected={tab}
            onSelect={(next) => setParams({ tab: next }, { replace: true })}
            items={[
              { id: 'profile', label: t('backoffice:player.tab.profile'), panel: () => <ProfilePanel data={data} /> },
              { id: 'money', label: t('backoffice:player.tab.money'), panel: () => <MoneyPanel data={data} /> },
              { id: 'bets', label: t('backoffice:player.tab.bets'), panel: () => <BetsPanel data={data} /> },
              {
                id: 'payments',
                label: t('backoffice:player.tab.payments'),
                panel: () => <PaymentsPanel data={data} />,
              },
              {
                id: 'sessions',
                label: t('backoffice:player.tab.sessions'),
                panel: () => <SessionsPanel data={data} />,
              },
              { id: 'limits', label: t('backoffice:player.tab.limits'), panel: () => <LimitsPanel data={data} /> },
              {
                id: 'verification',
                label: t('backoffice:player.tab.verification'),
                panel: () => <VerificationPanel data={data} />,
              },
              { id: 'notes', label: t('backoffice:player.tab.notes'), panel: () => <NotesPanel data={data} /> },
            ]}
          />
        ) : null}
      </DeskState>
      {dialog === 'note' ? (
        <ReasonDialog
          title={t('backoffice:player.action.note')}
          fieldLabel={t('backoffice:player.note.label')}
          confirmLabel={t('backoffice:player.note.save')}
          onConfirm={async (text) => {
            await addNote(text);
            setDone(t('backoffice:player.done.note'));
          }}
          onClose={() => setDialog(null)}
        />
      ) : dialog ? (
        <ReasonDialog
          title={t(`backoffice:player.action.${ACTION_KEY[dialog]}`)}
          description={t(`backoffice:player.confirm.${ACTION_KEY[dialog]}`, { name })}
          confirmLabel={t(`backoffice:player.action.${ACTION_KEY[dialog]}`)}
          onConfirm={(reason) => runAction(dialog, reason)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
