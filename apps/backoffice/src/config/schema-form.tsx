import Form from '@rjsf/core';
import type { FieldTemplateProps, RJSFSchema, SubmitButtonProps, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Button } from '@tessera/shared/ui';
import { createContext, useContext, useMemo } from 'react';
import styled from 'styled-components';
import { type Json, type JsonObject, isObject, pointerOf, type SchemaNode, shown } from './config-values';

// The site configuration's schemas carry annotations of their own (x-planned); the server validates strictly anyway.
const validator = customizeValidator({ ajvOptionsOverrides: { strict: false, allErrors: true } });

/** What each field shows beside its input: the value served now and the layer that set it. */
export interface FieldFacts {
  describe(pointer: string): { value: unknown; layer: string } | undefined;
  nowLabel(value: string): string;
  setByLabel(layer: string): string;
}

const FactsContext = createContext<FieldFacts | null>(null);

const StyledForm = styled.div`
  fieldset {
    margin: 0;
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    border-radius: ${({ theme }) => theme.radii.small};
    display: grid;
    gap: ${({ theme }) => theme.space(3)};
  }
  legend {
    padding-inline: ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }
  label {
    font-weight: 600;
  }
  input:not([type='checkbox']):not([type='radio']),
  select,
  textarea {
    inline-size: 100%;
    max-inline-size: 32rem;
    min-block-size: 2.5rem;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border.strong};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.color.surface.base};
    color: ${({ theme }) => theme.color.text.base};
    font: inherit;
  }
  input[type='checkbox'] {
    inline-size: 1.25rem;
    block-size: 1.25rem;
    margin-inline-end: ${({ theme }) => theme.space(1)};
    accent-color: ${({ theme }) => theme.color.primary.base};
  }
  :disabled {
    opacity: 0.75;
    cursor: not-allowed;
  }
  .checkbox label {
    display: inline-flex;
    align-items: center;
  }
  .field-description,
  .config-now {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.text.muted};
    font-size: ${({ theme }) => theme.typography.size.small};
  }
  .config-now bdi {
    font-family: ${({ theme }) => theme.typography.mono};
  }
  .error-detail,
  .text-danger {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    padding: 0;
    list-style: none;
    color: ${({ theme }) => theme.color.status.danger.base};
  }
  .panel.errors {
    display: none;
  }
  .array-item,
  .form-additional {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  button:not([type='submit']) {
    min-block-size: 2.25rem;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border.strong};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.color.surface.raised};
    color: ${({ theme }) => theme.color.text.base};
    font: inherit;
    cursor: pointer;
  }
  .config-submit {
    margin-block-start: ${({ theme }) => theme.space(3)};
  }
`;

const StyledField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, displayLabel, description, errors, children, hidden, schema, fieldPathId } = props;
  const facts = useContext(FactsContext);
  if (hidden) return <div hidden>{children}</div>;
  const leaf = schema.type !== 'object' && schema.type !== 'array' && !schema.properties;
  const pointer = pointerOf(fieldPathId.path ?? []);
  const now = leaf && pointer !== '' ? facts?.describe(pointer) : undefined;
  return (
    <StyledField className={props.classNames}>
      {displayLabel && label ? (
        <label htmlFor={id}>
          {label}
          {required ? ' *' : null}
        </label>
      ) : null}
      {children}
      {displayLabel ? description : null}
      {now && facts ? (
        <p className="config-now" id={`${id}__help`}>
          {facts.nowLabel('')}
          <bdi>{shown(now.value)}</bdi> · <bdi>{facts.setByLabel(now.layer)}</bdi>
        </p>
      ) : null}
      {errors}
    </StyledField>
  );
}

/** The form's submit button, named by the caller's text (a template per label). */
function submitTemplate(label: string) {
  return function SubmitButton(_: SubmitButtonProps) {
    return (
      <div className="config-submit">
        <Button type="submit" variant="primary">
          {label}
        </Button>
      </div>
    );
  };
}

/** Props of {@link SchemaForm}. */
export interface SchemaFormProps {
  /** The section's schema (sectionSchema: its $defs beside it, no defaults). */
  schema: SchemaNode;
  /** The section's values as the site receives them now. */
  value: JsonObject;
  /** Which settings the operator may change, as a uiSchema of `ui:disabled` marks. */
  uiSchema: UiSchema;
  facts: FieldFacts;
  submitLabel: string;
  /** Called with the edited section when the form is sent and valid. */
  onSubmit: (edited: JsonObject) => void;
  idPrefix: string;
}

/**
 * A form generated from the site configuration's JSON Schema (react-jsonschema-form), in the design system's look:
 * each setting with the value served now and the layer that set it.
 */
export function SchemaForm({ schema, value, uiSchema, facts, submitLabel, onSubmit, idPrefix }: SchemaFormProps) {
  const ui = useMemo<UiSchema>(
    () => ({ ...uiSchema, 'ui:submitButtonOptions': { submitText: submitLabel } }),
    [uiSchema, submitLabel],
  );
  const templates = useMemo(
    () => ({ FieldTemplate, ButtonTemplates: { SubmitButton: submitTemplate(submitLabel) } }),
    [submitLabel],
  );
  return (
    <FactsContext.Provider value={facts}>
      <StyledForm>
        <Form
          schema={schema as RJSFSchema}
          uiSchema={ui}
          formData={value}
          validator={validator}
          templates={templates}
          idPrefix={idPrefix}
          noHtml5Validate
          // The server checks every draft with the validators and rules of `tessera config validate` (jurisdiction
          // floors included) and the review panel shows what it found; a section's form alone cannot resolve the
          // schema's references across sections, and its silent refusals kept "Review the change" from doing anything.
          noValidate
          showErrorList={false}
          onSubmit={({ formData }) => {
            if (isObject(formData as Json)) onSubmit(formData as JsonObject);
          }}
        />
      </StyledForm>
    </FactsContext.Provider>
  );
}

/**
 * The `ui:disabled` marks of a section for an operator: a setting the role does not own is shown but not editable
 * (the server refuses such a change anyway).
 */
export function disabledMarks(
  schema: SchemaNode,
  defs: Record<string, SchemaNode>,
  path: readonly string[],
  owns: (pointer: string) => boolean,
  ownsSomethingBelow: (pointer: string) => boolean,
  depth = 0,
): UiSchema {
  const pointer = pointerOf(path);
  if (owns(pointer)) return {};
  if (!ownsSomethingBelow(pointer) || depth > 8) return { 'ui:disabled': true };
  const node = typeof schema['$ref'] === 'string' ? (defs[schema['$ref'].replace('#/$defs/', '')] ?? schema) : schema;
  const properties = (node['properties'] ?? {}) as Record<string, SchemaNode>;
  const out: UiSchema = {};
  for (const [key, child] of Object.entries(properties))
    out[key] = disabledMarks(child, defs, [...path, key], owns, ownsSomethingBelow, depth + 1);
  return out;
}
