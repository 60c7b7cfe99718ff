import {
  loadPasswordStrengthChecker,
  valid,
  validateNewPassword,
  validatePasswordLength,
  type PasswordStrength,
  type PasswordStrengthChecker,
  type ValidationResult,
} from '@tessera/account/util-validation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';

/** Where the strength of a new password stands. */
export interface PasswordStrengthState {
  /**
   * `idle` until the person starts on the password (nothing of the estimator is loaded), `loading` while its
   * dictionaries arrive, `ready`, or `failed` when they could not load (the server still checks; the next focus tries
   * again).
   */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** There is a password to estimate and the estimator is not there yet: the meter says it is checking. */
  checking: boolean;
  /** There is a password and the estimator could not load: the meter says the strength is checked on submit. */
  unavailable: boolean;
  /** The estimate of the password as it was when the person paused typing, once ready. */
  strength?: PasswordStrength;
  /**
   * The check of the current password for a submit: its length always, its strength when the estimator is ready
   * (an empty password passes: pair it with a required check).
   */
  check: () => ValidationResult;
  /** Starts loading the estimator: the password field calls it on focus; typing starts it too. */
  load: () => void;
}

/** The meter follows the person after a pause in typing, not on every keystroke (an estimate can take tens of ms). */
const SETTLE_MS = 200;

/**
 * Estimates a new password as the person types. The estimator and its dictionaries (their own chunks, about 0.8 MB
 * gzip, once per page) load when the person starts on the password: the field's focus calls `load`, and a first
 * character starts it too (a password manager may fill the field without focusing it). Until then, and if they cannot
 * load, only the length is checked here and nothing waits on them: the server checks the strength anyway.
 */
export function usePasswordStrength(
  password: string,
  userInputs: readonly string[],
  /** Loads the estimator (tests give their own). */
  loadChecker: () => Promise<PasswordStrengthChecker> = loadPasswordStrengthChecker,
): PasswordStrengthState {
  const [checker, setChecker] = useState<PasswordStrengthChecker | 'loading' | 'failed' | undefined>(undefined);
  const [settled, setSettled] = useState(password);
  const mounted = useRef(true);
  const started = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setChecker((current) => (typeof current === 'object' ? current : 'loading'));
    loadChecker().then(
      (loaded) => mounted.current && setChecker(() => loaded),
      () => {
        // The next focus tries again (the loader forgets a failed load).
        started.current = false;
        if (mounted.current) setChecker('failed');
      },
    );
  }, [loadChecker]);
  // Typing (or a filled-in password) starts the estimator once; after a failed load only a focus tries again.
  const idle = checker === undefined;
  useEffect(() => {
    if (password && idle) load();
  }, [password, idle, load]);
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
  const status = checker === undefined ? 'idle' : typeof checker === 'object' ? 'ready' : checker;
  return {
    status,
    checking: password !== '' && (status === 'idle' || status === 'loading'),
    unavailable: password !== '' && status === 'failed',
    ...(strength && settled === password ? { strength } : {}),
    check,
    load,
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
  /** What the meter says while the estimator loads ("Password strength: loading…"). */
  checking: string;
  /** What it says when the estimator could not load: the strength is checked on submit. */
  unavailable: string;
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
 * input describes itself with. While the estimator loads it says so; nothing shows before the person types.
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
      <span aria-live="polite">
        {strength
          ? texts.level(strength.score)
          : state.checking
            ? texts.checking
            : state.unavailable
              ? texts.unavailable
              : ''}
      </span>
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
