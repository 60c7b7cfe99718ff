import {
  loadPasswordStrengthChecker,
  valid,
  validateNewPassword,
  validatePasswordLength,
  type PasswordStrength,
  type PasswordStrengthChecker,
  type ValidationResult,
} from '@tessera/account/util-validation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';

/** Where the strength of a new password stands. */
export interface PasswordStrengthState {
  /** `loading` until the estimator's dictionaries arrived; `failed` when they could not load (the server still checks). */
  status: 'loading' | 'ready' | 'failed';
  /** The estimate of the password as it was when the person paused typing, once ready. */
  strength?: PasswordStrength;
  /**
   * The check of the current password for a submit: its length always, its strength when the estimator is ready
   * (an empty password passes: pair it with a required check).
   */
  check: () => ValidationResult;
}

/** The meter follows the person after a pause in typing, not on every keystroke (an estimate can take tens of ms). */
const SETTLE_MS = 200;

/**
 * Estimates a new password as the person types. The estimator and its dictionaries load (their own chunks, once per
 * page) when the first form that asks for a new password mounts; until then, and if they cannot load, only the length
 * is checked here and nothing waits on them: the server checks the strength anyway.
 */
export function usePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrengthState {
  const [checker, setChecker] = useState<PasswordStrengthChecker | 'failed' | undefined>(undefined);
  const [settled, setSettled] = useState(password);
  useEffect(() => {
    let live = true;
    loadPasswordStrengthChecker().then(
      (loaded) => live && setChecker(() => loaded),
      () => live && setChecker('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(password), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [password]);
  const inputsKey = userInputs.join('\u0000');
  const inputs = useMemo(() => (inputsKey ? inputsKey.split('\u0000') : []), [inputsKey]);
  const ready = typeof checker === 'object' ? checker : undefined;
  const strength = useMemo(
    () => (ready && settled ? validateNewPassword(ready, settled, inputs).strength : undefined),
    [ready, settled, inputs],
  );
  const check = useCallback((): ValidationResult => {
    if (!password) return valid();
    return ready ? validateNewPassword(ready, password, inputs).result : validatePasswordLength(password);
  }, [ready, password, inputs]);
  return {
    status: checker === undefined ? 'loading' : checker === 'failed' ? 'failed' : 'ready',
    ...(strength && settled === password ? { strength } : {}),
    check,
  };
}

const StyledMeter = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 0.875em;
`;

const StyledBar = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledSegment = styled.span<{ $on: boolean; $tone: 'danger' | 'warning' | 'success' }>`
  height: 4px;
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme, $on, $tone }) => ($on ? theme.color.status[$tone].base : theme.color.border.base)};
`;

const StyledList = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(4)};
`;

/** Texts of {@link PasswordStrengthMeter}, already translated. */
export interface PasswordStrengthTexts {
  /** "Password strength: weak" for a score 0-4. */
  level: (score: PasswordStrength['score']) => string;
  /** The estimator's warning or suggestion key (`common`, `anotherWord`) as a sentence. */
  feedback: (kind: 'warning' | 'suggestion', key: string) => string;
}

/** Props of {@link PasswordStrengthMeter}. */
export interface PasswordStrengthMeterProps {
  /** The id the password input names in aria-describedby. */
  id: string;
  state: PasswordStrengthState;
  texts: PasswordStrengthTexts;
}

/**
 * The strength of a new password in words (a polite live region, so a screen reader hears when the level changes,
 * not every keystroke), four bars that repeat it visually, and the estimator's feedback, all inside the element the
 * input describes itself with. Nothing shows until there is an estimate.
 */
export function PasswordStrengthMeter({ id, state, texts }: PasswordStrengthMeterProps) {
  const strength = state.strength;
  const tone = !strength
    ? 'danger'
    : strength.score >= 4
      ? 'success'
      : strength.acceptable
        ? 'success'
        : strength.score === 2
          ? 'warning'
          : 'danger';
  const feedback =
    strength && !strength.acceptable
      ? [
          ...(strength.warning ? [texts.feedback('warning', strength.warning)] : []),
          ...strength.suggestions.map((key) => texts.feedback('suggestion', key)),
        ]
      : [];
  return (
    <StyledMeter id={id}>
      <span aria-live="polite">{strength ? texts.level(strength.score) : ''}</span>
      {strength ? (
        <StyledBar aria-hidden="true">
          {[1, 2, 3, 4].map((step) => (
            <StyledSegment key={step} $on={strength.score >= step} $tone={tone} />
          ))}
        </StyledBar>
      ) : null}
      {feedback.length ? (
        <StyledList>
          {feedback.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </StyledList>
      ) : null}
    </StyledMeter>
  );
}
