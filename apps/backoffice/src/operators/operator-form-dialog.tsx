import { useQuery } from '@tanstack/react-query';
import type { BackofficeOperator, BackofficeRole } from '@tessera/shared/contract-api';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Checkbox, Field, Input, Modal, Select } from '@tessera/shared/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';
import { brandsQuery } from '../api/console.queries';
import { ROLES } from '../api/desks.api';
import { errorMessage } from '../ui/error-message';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  fieldset {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
  }
  legend {
    padding-inline: ${({ theme }) => theme.space(1)};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
  p {
    margin: 0;
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Every brand, as the operator's scope says it. */
export const ALL_BRANDS = '*';

/** What the form sends: a new operator's e-mail, or an existing one's changes. */
export interface OperatorFormValues {
  email: string;
  role: BackofficeRole;
  brands: string[];
  disabled: boolean;
}

/** Props of {@link OperatorFormDialog}. */
export interface OperatorFormDialogProps {
  /** The operator to edit; a new one when absent. */
  operator?: BackofficeOperator;
  onSubmit: (values: OperatorFormValues) => Promise<unknown>;
  onClose: () => void;
}

/** Creates an operator (e-mail, role, brands) or changes one's role, brands or access. */
export function OperatorFormDialog({ operator, onSubmit, onClose }: OperatorFormDialogProps) {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const brands = useQuery(brandsQuery(client));
  const [role, setRole] = useState<BackofficeRole>(operator?.role ?? 'viewer');
  const [scope, setScope] = useState<string[]>(operator?.brands ?? [ALL_BRANDS]);
  const [disabled, setDisabled] = useState(operator?.disabled ?? false);
  const [email, setEmail] = useState(operator?.email ?? '');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const scopeErrorId = useId();
  const emailError =
    !operator && touched && !/^[^\s@]+@[^\s@]+$/.test(email) ? t('backoffice:operators.emailInvalid') : undefined;
  const scopeError = touched && scope.length === 0 ? t('backoffice:operators.brandsRequired') : undefined;

  const toggle = (brand: string, on: boolean) =>
    setScope((current) => {
      if (brand === ALL_BRANDS) return on ? [ALL_BRANDS] : [];
      const rest = current.filter((value) => value !== ALL_BRANDS && value !== brand);
      return on ? [...rest, brand] : rest;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if ((!operator && !/^[^\s@]+@[^\s@]+$/.test(email)) || scope.length === 0) return;
    setSending(true);
    setFailure(null);
    try {
      await onSubmit({ email: email.trim(), role, brands: scope, disabled });
    } catch (error) {
      setFailure(errorMessage(t, error));
      setSending(false);
    }
  };

  return (
    <Modal
      title={
        operator ? t('backoffice:operators.editTitle', { email: operator.email }) : t('backoffice:operators.create')
      }
      onClose={onClose}
    >
      <StyledForm onSubmit={(event) => void submit(event)} noValidate>
        {operator ? null : (
          <Field label={t('backoffice:operators.email')} error={emailError}>
            <Input
              type="email"
              name="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
        )}
        <Field label={t('backoffice:operators.role')}>
          <Select value={role} onChange={(event) => setRole(event.target.value as BackofficeRole)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`backoffice:role.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset aria-describedby={scopeError ? scopeErrorId : undefined}>
          <legend>{t('backoffice:operators.brands')}</legend>
          <Checkbox
            label={t('backoffice:operators.allBrands')}
            checked={scope.includes(ALL_BRANDS)}
            onChange={(event) => toggle(ALL_BRANDS, event.target.checked)}
          />
          {(brands.data?.brands ?? []).map((brand) => (
            <Checkbox
              key={brand.id}
              label={<bdi>{`${brand.name} (${brand.id})`}</bdi>}
              checked={scope.includes(ALL_BRANDS) || scope.includes(brand.id)}
              disabled={scope.includes(ALL_BRANDS)}
              onChange={(event) => toggle(brand.id, event.target.checked)}
            />
          ))}
          {scopeError ? (
            <p id={scopeErrorId} role="alert">
              {scopeError}
            </p>
          ) : null}
        </fieldset>
        {operator ? (
          <Checkbox
            label={t('backoffice:operators.disabled')}
            hint={t('backoffice:operators.disabledHint')}
            checked={disabled}
            onChange={(event) => setDisabled(event.target.checked)}
          />
        ) : null}
        {failure ? <p role="alert">{failure}</p> : null}
        <StyledActions>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('backoffice:action.cancel')}
          </Button>
          <Button type="submit" loading={sending}>
            {operator ? t('backoffice:action.save') : t('backoffice:operators.create')}
          </Button>
        </StyledActions>
      </StyledForm>
    </Modal>
  );
}
