import { Field, Select } from '@tessera/shared/ui';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';

/** A row of filters above a table: fields side by side, wrapping on a phone; a form, submitted with Enter. */
export const FilterBar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-end: ${({ theme }) => theme.space(4)};
  > * {
    flex: 1 1 180px;
    max-inline-size: 320px;
  }
  > button {
    flex: 0 0 auto;
  }
`;

/** Props of {@link StateFilterBar}. */
export interface StateFilterBarProps<S extends string> {
  /** The select's label ("Withdrawal state"). */
  label: string;
  /** The states to choose from, in order. */
  states: readonly S[];
  /** The state chosen now; undefined: all. */
  value: S | undefined;
  /** Each state's name as an operator reads it. */
  stateLabel: (state: S) => string;
  /** Called with a state or `all`. */
  onChange: (value: S | 'all') => void;
}

/** A desk queue's filter by state (with "All"): the withdrawals' and the verification queue's. */
export function StateFilterBar<S extends string>({
  label,
  states,
  value,
  stateLabel,
  onChange,
}: StateFilterBarProps<S>) {
  const t = useConsoleTranslate();
  return (
    <FilterBar onSubmit={(event) => event.preventDefault()} aria-label={t('backoffice:filter.label')}>
      <Field label={label}>
        <Select value={value ?? 'all'} onChange={(event) => onChange(event.target.value as S | 'all')}>
          <option value="all">{t('backoffice:filter.all')}</option>
          {states.map((state) => (
            <option key={state} value={state}>
              {stateLabel(state)}
            </option>
          ))}
        </Select>
      </Field>
    </FilterBar>
  );
}
