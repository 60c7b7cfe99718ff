import {
  accountKeys,
  securityCalls,
  toAccountError,
  useAccountText,
  useSecureQuestions,
  useUserSecureQuestion,
  type AccountError,
} from '@tessera/account/data-access-session';
import { FormAlert, StyledForm, StyledPanel, TextField, focusFirstError } from '@tessera/account/ui';
import { validatePlainText, validateRequired } from '@tessera/account/util-validation';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Select } from '@tessera/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';

/** The secure question the phone change asks: shows the current one and sets or replaces it (replacing needs the password). */
export function SecureQuestionPanel() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { ta, validation, errorText } = useAccountText();
  const current = useUserSecureQuestion();
  const questions = useSecureQuestions();
  const selectId = useId();
  const [questionId, setQuestionId] = useState<number | undefined>();
  const [values, setValues] = useState({ answer: '', answerRepeat: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<AccountError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hasQuestion = typeof current.data === 'string';
  const chosen = questionId ?? questions.data?.[0]?.id;
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const errors = {
      answer:
        validation(validateRequired(values.answer, ta('field.answer'))) ?? validation(validatePlainText(values.answer)),
      answerRepeat: values.answer.trim() === values.answerRepeat.trim() ? undefined : ta('error.invalid'),
      password: hasQuestion ? validation(validateRequired(values.password, ta('field.password'))) : undefined,
    };
    setFieldErrors(errors);
    if (Object.values(errors).some(Boolean) || chosen === undefined) {
      queueMicrotask(() => focusFirstError(formRef.current));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await client.send(securityCalls.setSecureAnswer, {
        question_id: chosen,
        answer: values.answer,
        answer_repeat: values.answerRepeat,
        ...(hasQuestion ? { password: values.password } : {}),
      });
      setValues({ answer: '', answerRepeat: '', password: '' });
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    } catch (caught) {
      setError(toAccountError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StyledPanel aria-labelledby="question-title">
      <h2 id="question-title">{ta('question.title')}</h2>
      <p>{hasQuestion ? ta('question.current', { question: current.data ?? '' }) : ta('question.none')}</p>
      <StyledForm ref={formRef} onSubmit={submit} noValidate>
        <FormAlert>{errorText(error)}</FormAlert>
        {done ? <FormAlert tone="success">{ta('question.done')}</FormAlert> : null}
        <Field label={ta('field.question')} id={selectId}>
          <Select value={chosen ?? ''} onChange={(e) => setQuestionId(Number(e.target.value))}>
            {(questions.data ?? []).map((q) => (
              <option key={q.id} value={q.id}>
                {q.text}
              </option>
            ))}
          </Select>
        </Field>
        <TextField
          label={ta('field.answer')}
          autoComplete="off"
          value={values.answer}
          onChange={set('answer')}
          error={fieldErrors['answer']}
        />
        <TextField
          label={ta('field.answerRepeat')}
          autoComplete="off"
          value={values.answerRepeat}
          onChange={set('answerRepeat')}
          error={fieldErrors['answerRepeat']}
        />
        {hasQuestion ? (
          <TextField
            label={ta('field.password')}
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={fieldErrors['password']}
          />
        ) : null}
        <Button type="submit" loading={busy}>
          {ta('question.submit')}
        </Button>
      </StyledForm>
    </StyledPanel>
  );
}
