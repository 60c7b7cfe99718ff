import { Select } from '@tessera/shared/ui';
import { useId } from 'react';
import styled from 'styled-components';

const StyledField = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

/** Props of {@link OptionSelect}. */
export interface OptionSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** A labelled select for a sportsbook setting (odds format, view). */
export function OptionSelect<V extends string>({ label, value, options, onChange }: OptionSelectProps<V>) {
  const id = useId();
  return (
    <StyledField htmlFor={id}>
      {label}
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </StyledField>
  );
}
