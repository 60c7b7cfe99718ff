import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { TextAnswer, TextChallenge } from './captcha.types';

/** Texts around the text question; the question itself comes from the server in the page's language. */
export interface TextQuestionLabels {
  instructions: string;
  check: string;
  wrong: string;
}

const DEFAULT_LABELS: TextQuestionLabels = {
  instructions: 'Type the answer as a number, then press Check.',
  check: 'Check',
  wrong: 'Not quite. Try this new question.',
};

/** Props of TextQuestion. */
export interface TextQuestionProps {
  challenge: TextChallenge;
  onAnswer(answer: TextAnswer): void;
  /** True while the answer is being checked. */
  busy?: boolean;
  /** True when the previous answer was wrong. */
  wrong?: boolean;
  labels?: Partial<TextQuestionLabels>;
}

const StyledQuestion = styled.div`
  display: grid;
  gap: 8px;
  color: CanvasText;
`;

const StyledInput = styled.input`
  inline-size: 8em;
  font: inherit;

  &:focus-visible {
    outline: 3px solid CanvasText;
    outline-offset: 2px;
  }
`;

/**
 * The built-in puzzle's accessible alternative (ADR 0176): the question is the label of the answer field, the
 * instructions its description, and focus moves to the field with each new question, so a screen reader reads the
 * question at once. Enter or Check sends the answer. Not a form of its own: the dialog is often rendered inside the
 * form it protects, and a nested form's submit would reach that form too.
 */
export function TextQuestion({ challenge, onAnswer, busy = false, wrong = false, labels }: TextQuestionProps) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setValue('');
    inputRef.current?.focus();
  }, [challenge.id]);

  const submit = () => {
    if (!busy && value.trim() !== '') onAnswer({ text: value.trim() });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  const inputId = `text-question-${challenge.id}`;
  const instructionsId = `${inputId}-help`;
  return (
    <StyledQuestion>
      {wrong ? <p role="alert">{text.wrong}</p> : null}
      <label htmlFor={inputId} lang={challenge.lng}>
        {challenge.question}
      </label>
      <StyledInput
        ref={inputRef}
        id={inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        aria-describedby={instructionsId}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        readOnly={busy}
      />
      <p id={instructionsId}>{text.instructions}</p>
      <button type="button" onClick={submit} disabled={busy}>
        {text.check}
      </button>
    </StyledQuestion>
  );
}
