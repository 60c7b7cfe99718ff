import { useSelector } from '@xstate/react';
import { useCallback, useId, type KeyboardEvent, type MouseEvent } from 'react';
import styled from 'styled-components';
import type { CaptchaActorRef } from './captcha.machine';
import { isTextChallenge } from './captcha.types';
import { SliderPuzzle, type SliderPuzzleLabels } from './slider-puzzle';
import { TextQuestion, type TextQuestionLabels } from './text-question';

/** Texts of the captcha popup. */
export interface CaptchaDialogLabels {
  title: string;
  close: string;
  loading: string;
  /** The button that swaps the puzzle for its text question. */
  useText: string;
  loadingQuestion: string;
}

const DEFAULT_LABELS: CaptchaDialogLabels = {
  title: 'Security check',
  close: 'Close',
  loading: 'Loading the puzzle…',
  useText: 'Use a text question instead',
  loadingQuestion: 'Loading the question…',
};

/** Props of CaptchaDialog. */
export interface CaptchaDialogProps {
  actor: CaptchaActorRef;
  labels?: Partial<CaptchaDialogLabels>;
  puzzleLabels?: Partial<SliderPuzzleLabels>;
  questionLabels?: Partial<TextQuestionLabels>;
}

const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  display: grid;
  place-items: center;
  background: color-mix(in srgb, CanvasText 40%, transparent);
`;

const StyledDialog = styled.div`
  display: grid;
  gap: 12px;
  padding: 16px;
  border-radius: 12px;
  background: Canvas;
  color: CanvasText;
`;

/**
 * The captcha's modal popup for the built-in puzzle (third-party widgets show their own): Escape and the close button
 * dismiss it ('Dismissed captcha'), a click outside cancels it. Where the provider offers it, a button swaps the
 * slider for a text question a person can answer without sight (ADR 0176).
 */
export function CaptchaDialog({ actor, labels, puzzleLabels, questionLabels }: CaptchaDialogProps) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const titleId = useId();
  const view = useSelector(actor, (snapshot) => ({
    open: snapshot.matches('active') && snapshot.context.provider?.kind === 'puzzle',
    challenge: snapshot.context.challenge,
    verifying: snapshot.matches({ active: 'verifying' }),
    wrong: snapshot.context.wrongAnswers > 0,
    text: snapshot.context.mode === 'text',
    canUseText: snapshot.can({ type: 'captcha.useText' }),
  }), (a, b) => a.open === b.open && a.challenge === b.challenge && a.verifying === b.verifying && a.wrong === b.wrong && a.text === b.text && a.canUseText === b.canUseText);

  const onBackdropClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (event.target === event.currentTarget) actor.send({ type: 'captcha.outsideClick' });
    },
    [actor],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape') actor.send({ type: 'captcha.close' });
    },
    [actor],
  );

  if (!view.open) return null;
  return (
    <StyledBackdrop data-testid="captcha-backdrop" onClick={onBackdropClick}>
      <StyledDialog role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{text.title}</h2>
        {isTextChallenge(view.challenge) ? (
          <TextQuestion
            challenge={view.challenge}
            busy={view.verifying}
            wrong={view.wrong}
            onAnswer={(answer) => actor.send({ type: 'captcha.answer', answer })}
            {...(questionLabels ? { labels: questionLabels } : {})}
          />
        ) : view.challenge && !view.text ? (
          <SliderPuzzle
            challenge={view.challenge}
            busy={view.verifying}
            wrong={view.wrong}
            onAnswer={(answer) => actor.send({ type: 'captcha.answer', answer })}
            {...(puzzleLabels ? { labels: puzzleLabels } : {})}
          />
        ) : (
          <p role="status">{view.text ? text.loadingQuestion : text.loading}</p>
        )}
        {view.canUseText ? (
          <button type="button" onClick={() => actor.send({ type: 'captcha.useText' })}>
            {text.useText}
          </button>
        ) : null}
        <button type="button" onClick={() => actor.send({ type: 'captcha.close' })}>
          {text.close}
        </button>
      </StyledDialog>
    </StyledBackdrop>
  );
}
