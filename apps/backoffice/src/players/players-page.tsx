import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input } from '@tessera/shared/ui';
import type { BackofficePlayer } from '@tessera/shared/contract-api';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConsoleTranslate } from '../app/use-console-translate';
import { playerSearchQuery } from '../api/console.queries';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { FilterBar } from '../ui/filter-bar';
import { PageHeader } from '../ui/page-header';
import { PlayerStatus } from './player-status';
import { useFormat } from '../ui/use-format';

/** The players desk: search by id, e-mail, phone or name in the operator's brands; a result opens the profile. */
export function PlayersPage() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = useQuery(playerSearchQuery(client, q));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(next ? { q: next } : {});
  };

  return (
    <>
      <PageHeader title={t('backoffice:players.title')} description={t('backoffice:players.intro')} />
      <FilterBar role="search" onSubmit={onSubmit} aria-label={t('backoffice:players.search')}>
        <Field label={t('backoffice:players.query')}>
          <Input name="q" type="search" defaultValue={q} key={q} maxLength={100} />
        </Field>
        <Button type="submit">{t('backoffice:action.search')}</Button>
      </FilterBar>
      {q === '' ? (
        <p>{t('backoffice:players.prompt')}</p>
      ) : (
        <DeskState
          query={search}
          isEmpty={search.data?.players.length === 0}
          loadingLabel={t('backoffice:players.loading')}
          emptyText={t('backoffice:players.empty', { query: q })}
        >
          <DataTable<BackofficePlayer>
            caption={t('backoffice:players.results', { query: q })}
            showCaption
            rows={search.data?.players ?? []}
            rowKey={(player) => player.id}
            columns={[
              {
                key: 'name',
                header: t('backoffice:player.name'),
                cell: (player) => (
                  <Link to={`/players/${encodeURIComponent(player.id)}`}>
                    {player.name ?? player.email ?? player.id}
                  </Link>
                ),
              },
              { key: 'id', header: t('backoffice:player.id'), cell: (player) => player.id },
              { key: 'brand', header: t('backoffice:player.brand'), cell: (player) => player.brandId },
              { key: 'email', header: t('backoffice:player.email'), cell: (player) => player.email ?? '—' },
              {
                key: 'phone',
                header: t('backoffice:player.phone'),
                cell: (player) => <bdi dir="ltr">{player.phone ?? '—'}</bdi>,
              },
              {
                key: 'country',
                header: t('backoffice:player.country'),
                cell: (player) => player.country.toUpperCase(),
              },
              {
                key: 'status',
                header: t('backoffice:player.status'),
                cell: (player) => <PlayerStatus status={player.status} />,
              },
              {
                key: 'created',
                header: t('backoffice:player.registered'),
                cell: (player) => format.dateTime(player.createdAt),
              },
            ]}
          />
        </DeskState>
      )}
    </>
  );
}
