import { useSelector } from '@xstate/react';
import { useCallback, useId, type KeyboardEvent, type MouseEvent } from 'react';
import styled from 'styled-components';
import type { CaptchaActorRef } from './captcha.machine';
import { SliderPuzzle, type SliderPuzzleLabels } from './slider-puzzle';

/** Texts of the captcha popup. */
export interface CaptchaDialogLabels {
  title: string;
  close: string;
  loading: string;
}

const DEFAULT_LABELS: CaptchaDialogLabels = { title: 'Security check', close: 'Close', loading: 'Loading the puzzle…' };

/** Props of CaptchaDialog. */
export interface CaptchaDialogProps {
  actor: CaptchaActorRef;
  labels?: Partial<CaptchaDialogLabels>;
  puzzleLabels?: Partial<SliderPuzzleLabels>;
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
 * dismiss it ('Dismissed captcha'), a click outside cancels it.
 */
export function CaptchaDialog({ actor, labels, puzzleLabels }: CaptchaDialogProps) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const titleId = useId();
  const view = useSelector(actor, (snapshot) => ({
    open: snapshot.matches('active') && snapshot.context.provider?.kind === 'puzzle',
    challenge: snapshot.context.challenge,
    verifying: snapshot.matches({ active: 'verifying' }),
    wrong: snapshot.context.wrongAnswers > 0,
  }), (a, b) => a.open === b.open && a.challenge === b.challenge && a.verifying === b.verifying && a.wrong === b.wrong);

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
        {view.challenge ? (
          <SliderPuzzle
            challenge={view.challenge}
            busy={view.verifying}
            wrong={view.wrong}
            onAnswer={(answer) => actor.send({ type: 'captcha.answer', answer })}
            {...(puzzleLabels ? { labels: puzzleLabels } : {})}
          />
        ) : (
          <p role="status">{text.loading}</p>
        )}
        <button type="button" onClick={() => actor.send({ type: 'captcha.close' })}>
          {text.close}
        </button>
      </StyledDialog>
    </StyledBackdrop>
  );
}
