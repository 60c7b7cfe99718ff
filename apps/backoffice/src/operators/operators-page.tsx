import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeOperator } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input, Modal } from '@tessera/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useCan } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys, operatorsQuery } from '../api/console.queries';
import { deskCalls } from '../api/desks.api';
import { DataTable } from '../ui/data-table';
import { DeskState } from '../ui/desk-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { useFormat } from '../ui/use-format';
import { ALL_BRANDS, OperatorFormDialog, type OperatorFormValues } from './operator-form-dialog';

const StyledPassword = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
  }
`;

const StyledSecret = styled(Input)`
  direction: ltr;
  font-family: ${({ theme }) => theme.typography.mono};
`;

type Editing = { operator?: BackofficeOperator } | null;

/** The operators desk (admin): who may use the console, with which role and brands; create, change, disable. */
export function OperatorsPage() {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const canWrite = useCan('operators.write');
  const query = useQuery(operatorsQuery(client));
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);

  const save = async (values: OperatorFormValues) => {
    if (editing?.operator) {
      await client.send(deskCalls.updateOperator, {
        id: editing.operator.id,
        role: values.role,
        brands: values.brands,
        disabled: values.disabled,
      });
    } else {
      const answer = await client.send(deskCalls.createOperator, {
        email: values.email,
        role: values.role,
        brands: values.brands,
      });
      setCreated({ email: answer.operator.email, password: answer.initialPassword });
    }
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: consoleKeys.operators() });
  };

  return (
    <>
      <PageHeader
        title={t('backoffice:operators.title')}
        description={t('backoffice:operators.intro')}
        actions={
          canWrite ? <Button onClick={() => setEditing({})}>{t('backoffice:operators.create')}</Button> : undefined
        }
      />
      <DeskState
        query={query}
        isEmpty={query.data?.operators.length === 0}
        loadingLabel={t('backoffice:operators.loading')}
        emptyText={t('backoffice:operators.empty')}
      >
        <DataTable<BackofficeOperator>
          caption={t('backoffice:operators.title')}
          rows={query.data?.operators ?? []}
          rowKey={(row) => row.id}
          columns={[
            { key: 'email', header: t('backoffice:operators.email'), cell: (row) => row.email },
            { key: 'role', header: t('backoffice:operators.role'), cell: (row) => t(`backoffice:role.${row.role}`) },
            {
              key: 'brands',
              header: t('backoffice:operators.brands'),
              cell: (row) =>
                row.brands.includes(ALL_BRANDS) ? t('backoffice:operators.allBrands') : row.brands.join(', '),
            },
            {
              key: 'status',
              header: t('backoffice:column.status'),
              cell: (row) =>
                row.disabled ? (
                  <StatusBadge tone="danger">{t('backoffice:operators.status.disabled')}</StatusBadge>
                ) : row.totpEnrolled ? (
                  <StatusBadge tone="success">{t('backoffice:operators.status.active')}</StatusBadge>
                ) : (
                  <StatusBadge tone="warning">{t('backoffice:operators.status.enrolling')}</StatusBadge>
                ),
            },
            {
              key: 'lastSignIn',
              header: t('backoffice:operators.lastSignIn'),
              cell: (row) => format.dateTime(row.lastSignInAt),
            },
            {
              key: 'created',
              header: t('backoffice:operators.created'),
              cell: (row) => format.dateTime(row.createdAt),
            },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    header: t('backoffice:column.actions'),
                    cell: (row: BackofficeOperator) => (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => setEditing({ operator: row })}
                        aria-label={t('backoffice:operators.editOf', { email: row.email })}
                      >
                        {t('backoffice:action.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </DeskState>
      {editing ? (
        <OperatorFormDialog operator={editing.operator} onSubmit={save} onClose={() => setEditing(null)} />
      ) : null}
      {created ? (
        <Modal title={t('backoffice:operators.createdTitle')} onClose={() => setCreated(null)}>
          <StyledPassword>
            <p>{t('backoffice:operators.createdIntro', { email: created.email })}</p>
            <Field label={t('backoffice:operators.initialPassword')}>
              <StyledSecret readOnly value={created.password} onFocus={(event) => event.currentTarget.select()} />
            </Field>
            <Button onClick={() => setCreated(null)}>{t('backoffice:action.done')}</Button>
          </StyledPassword>
        </Modal>
      ) : null}
    </>
  );
}
