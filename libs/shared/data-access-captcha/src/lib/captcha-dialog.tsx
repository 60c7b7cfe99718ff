import { useSelector } from '@xstate/react';
import { useCallback, useId, type KeyboardEvent, type MouseEvent } from 'react';
import styled from 'styled-components';
import { AltchaCheck, type AltchaWidgetLoader } from './altcha-check';
import { colourScheme, themed } from './captcha-theme';
import type { CaptchaActorRef } from './captcha.machine';
import { isAltchaChallenge } from './captcha.types';
import { SliderPuzzle, type SliderPuzzleLabels } from './slider-puzzle';

/** Texts of the captcha popup. */
export interface CaptchaDialogLabels {
  title: string;
  close: string;
  /** While the puzzle loads. */
  loading: string;
  /** While any other check loads (a third-party script, the ALTCHA check). */
  loadingCheck: string;
  /** The button that swaps the puzzle for the ALTCHA check. */
  useAltcha: string;
  /** Said when the check could not load, with the choices offered. */
  unavailable: string;
  retry: string;
  /** Said when the ALTCHA check's payload was refused and a fresh check runs. */
  altchaWrong: string;
}

const DEFAULT_LABELS: CaptchaDialogLabels = {
  title: 'Security check',
  close: 'Close',
  loading: 'Loading the puzzle…',
  loadingCheck: 'Loading the security check…',
  useAltcha: 'Check without a puzzle',
  unavailable: 'The security check could not load. Check your connection and try again.',
  retry: 'Try again',
  altchaWrong: 'The check did not pass. It runs once more.',
};

/** Props of CaptchaDialog. */
export interface CaptchaDialogProps {
  actor: CaptchaActorRef;
  labels?: Partial<CaptchaDialogLabels>;
  puzzleLabels?: Partial<SliderPuzzleLabels>;
  /** The page's language, which the ALTCHA check speaks; default the document's. */
  language?: string;
  /** Loads the ALTCHA widget (tests pass a stand-in). */
  loadAltchaWidget?: AltchaWidgetLoader;
}

const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: 12px;
  background: ${themed((c) => c.overlay, 'color-mix(in srgb, CanvasText 40%, transparent)')};
`;

// The brand's raised surface and text, its buttons' colours and focus ring: the dialog reads as part of the site on
// light and dark brands alike.
const StyledDialog = styled.div`
  display: grid;
  gap: 12px;
  max-inline-size: calc(100vw - 24px);
  padding: 16px;
  border: 1px solid ${themed((c) => c.border.base, 'CanvasText')};
  border-radius: 12px;
  background: ${themed((c) => c.surface.raised, 'Canvas')};
  color: ${themed((c) => c.text.base, 'CanvasText')};
  color-scheme: ${colourScheme};
  h2,
  p {
    margin: 0;
  }
  button {
    min-block-size: 40px;
    padding-inline: 16px;
    border: 1px solid ${themed((c) => c.border.strong, 'ButtonBorder')};
    border-radius: 8px;
    background: ${themed((c) => c.surface.base, 'ButtonFace')};
    color: ${themed((c) => c.text.base, 'ButtonText')};
    font: inherit;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  button:focus-visible {
    outline: 3px solid ${themed((c) => c.focusRing, 'Highlight')};
    outline-offset: 2px;
  }
`;

/**
 * The captcha's modal popup. It shows the built-in checks (the slider puzzle, the ALTCHA check of ADR 0210) while they
 * run, and for every kind while the check loads and when it could not load: then it says so and offers a retry (and
 * the ALTCHA check where the provider offers it), so a form never waits silently on a script that cannot arrive.
 * Third-party widgets show their own popup once loaded. Escape and the close button dismiss it ('Dismissed captcha'),
 * a click outside cancels it.
 */
export function CaptchaDialog({ actor, labels, puzzleLabels, language, loadAltchaWidget }: CaptchaDialogProps) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const titleId = useId();
  const view = useSelector(
    actor,
    (snapshot) => {
      const kind = snapshot.context.provider?.kind;
      const builtIn = kind === 'puzzle' || kind === 'altcha';
      const loading = snapshot.matches({ active: 'loading' });
      const unavailable = snapshot.matches({ active: 'unavailable' });
      return {
        open: snapshot.matches('active') && (builtIn || loading || unavailable),
        challenge: snapshot.context.challenge,
        verifying: snapshot.matches({ active: 'verifying' }),
        wrong: snapshot.context.wrongAnswers > 0,
        puzzleMode: kind === 'puzzle' && snapshot.context.mode === 'puzzle',
        unavailable,
        canUseAltcha: snapshot.can({ type: 'captcha.useAltcha' }),
      };
    },
    (a, b) =>
      a.open === b.open &&
      a.challenge === b.challenge &&
      a.verifying === b.verifying &&
      a.wrong === b.wrong &&
      a.puzzleMode === b.puzzleMode &&
      a.unavailable === b.unavailable &&
      a.canUseAltcha === b.canUseAltcha,
  );
  const pageLanguage = language ?? (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en');

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
  const onPayload = useCallback(
    (payload: string) => actor.send({ type: 'captcha.answer', answer: { payload } }),
    [actor],
  );

  if (!view.open) return null;
  let body;
  if (view.unavailable) {
    body = (
      <>
        <p role="alert">{text.unavailable}</p>
        <button type="button" onClick={() => actor.send({ type: 'captcha.retry' })}>
          {text.retry}
        </button>
      </>
    );
  } else if (isAltchaChallenge(view.challenge)) {
    body = (
      <>
        {view.wrong ? <p role="alert">{text.altchaWrong}</p> : null}
        <AltchaCheck
          challenge={view.challenge}
          language={pageLanguage}
          busy={view.verifying}
          onPayload={onPayload}
          loadingLabel={text.loadingCheck}
          {...(loadAltchaWidget ? { loadWidget: loadAltchaWidget } : {})}
        />
      </>
    );
  } else if (view.challenge) {
    body = (
      <SliderPuzzle
        challenge={view.challenge}
        busy={view.verifying}
        wrong={view.wrong}
        onAnswer={(answer) => actor.send({ type: 'captcha.answer', answer })}
        {...(puzzleLabels ? { labels: puzzleLabels } : {})}
      />
    );
  } else {
    body = <p role="status">{view.puzzleMode ? text.loading : text.loadingCheck}</p>;
  }
  return (
    <StyledBackdrop data-testid="captcha-backdrop" onClick={onBackdropClick}>
      <StyledDialog role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{text.title}</h2>
        {body}
        {view.canUseAltcha ? (
          <button type="button" onClick={() => actor.send({ type: 'captcha.useAltcha' })}>
            {text.useAltcha}
          </button>
        ) : null}
        <button type="button" onClick={() => actor.send({ type: 'captcha.close' })}>
          {text.close}
        </button>
      </StyledDialog>
    </StyledBackdrop>
  );
}
