import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import type { PuzzleAnswer, PuzzleChallenge } from './captcha.types';
import { themed } from './captcha-theme';

/** Texts of the slider puzzle; the feature passes translated ones. */
export interface SliderPuzzleLabels {
  slider: string;
  instructions: string;
  check: string;
  wrong: string;
}

const DEFAULT_LABELS: SliderPuzzleLabels = {
  slider: 'Puzzle piece position',
  instructions:
    'Move the piece into the gap, then press Check. Arrow keys move it by 1 pixel, with Shift or Page keys by 10.',
  check: 'Check',
  wrong: 'Not quite. Try this new puzzle.',
};

/** Props of SliderPuzzle. */
export interface SliderPuzzleProps {
  challenge: PuzzleChallenge;
  /** Called with the final position and the movement trail. */
  onAnswer(answer: PuzzleAnswer): void;
  /** True while the answer is being checked. */
  busy?: boolean;
  /** True when the previous answer was wrong. */
  wrong?: boolean;
  labels?: Partial<SliderPuzzleLabels>;
}

// The brand's colours where the site provides its theme, the system palette otherwise (captcha-theme.ts).
const StyledPuzzle = styled.div`
  display: grid;
  gap: 12px;
  color: ${themed((c) => c.text.base, 'CanvasText')};
`;

const StyledTrack = styled.div<{ $width: number }>`
  position: relative;
  inline-size: ${(p) => p.$width}px;
  block-size: 48px;
  border: 1px solid ${themed((c) => c.border.strong, 'CanvasText')};
  border-radius: 8px;
  background: ${themed((c) => c.surface.sunken, 'Canvas')};
`;

// The track's picture comes with the challenge: the gap is drawn in it, never sent as a number (ADR 0160).
const StyledTrackImage = styled.img`
  position: absolute;
  inset: 0;
  inline-size: 100%;
  block-size: 100%;
  border-radius: 8px;
  pointer-events: none;
`;

const StyledPiece = styled.div<{ $x: number; $width: number }>`
  position: absolute;
  inset-block: 4px;
  inset-inline-start: ${(p) => p.$x}px;
  inline-size: ${(p) => p.$width}px;
  border-radius: 6px;
  background: ${themed((c) => c.primary.base, 'Highlight')};
  opacity: 0.8;
  cursor: grab;
  touch-action: none;

  &:focus-visible {
    outline: 3px solid ${themed((c) => c.focusRing, 'CanvasText')};
    outline-offset: 2px;
  }
`;

const KEY_STEPS: Record<string, (value: number, max: number, shift: boolean) => number> = {
  ArrowRight: (v, _m, s) => v + (s ? 10 : 1),
  ArrowUp: (v, _m, s) => v + (s ? 10 : 1),
  ArrowLeft: (v, _m, s) => v - (s ? 10 : 1),
  ArrowDown: (v, _m, s) => v - (s ? 10 : 1),
  PageUp: (v) => v + 10,
  PageDown: (v) => v - 10,
  Home: () => 0,
  End: (_v, m) => m,
};

/** The built-in slider puzzle: drag the piece, or focus it and use the keyboard, then check. */
export function SliderPuzzle({ challenge, onAnswer, busy = false, wrong = false, labels }: SliderPuzzleProps) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const max = challenge.trackWidth - challenge.pieceWidth;
  const [position, setPosition] = useState(0);
  const trail = useRef<PuzzleAnswer['trail']>([]);
  const firstMoveAt = useRef<number | null>(null);
  const drag = useRef<{ startX: number; startPosition: number } | null>(null);
  const pieceRef = useRef<HTMLDivElement>(null);

  // A new challenge starts from the left with an empty trail.
  useEffect(() => {
    setPosition(0);
    trail.current = [];
    firstMoveAt.current = null;
    pieceRef.current?.focus();
  }, [challenge.id]);

  const moveTo = useCallback(
    (next: number) => {
      const clamped = Math.max(0, Math.min(max, Math.round(next)));
      const at = Date.now();
      firstMoveAt.current ??= at;
      trail.current.push({ x: clamped, t: at - firstMoveAt.current });
      setPosition(clamped);
      return clamped;
    },
    [max],
  );

  const submit = useCallback(
    (at: number) => {
      if (!busy) onAnswer({ position: at, trail: [...trail.current] });
    },
    [busy, onAnswer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (busy) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      submit(position);
      return;
    }
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    moveTo(step(position, max, event.shiftKey));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startPosition: position };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    moveTo(drag.current.startPosition + event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const at = moveTo(drag.current.startPosition + event.clientX - drag.current.startX);
    drag.current = null;
    submit(at);
  };

  const instructionsId = `slider-puzzle-${challenge.id}-help`;
  return (
    <StyledPuzzle>
      <p id={instructionsId}>{text.instructions}</p>
      {wrong ? <p role="alert">{text.wrong}</p> : null}
      {/* The picture and its gap are drawn left to right, and the server judges the piece's distance from the left
          edge: the track stays left to right on a right-to-left page, so the piece moves with the finger and the keys
          and lines up with the gap the eye sees (issue 16). */}
      <StyledTrack $width={challenge.trackWidth} dir="ltr">
        <StyledTrackImage src={challenge.image} alt="" draggable={false} />
        <StyledPiece
          ref={pieceRef}
          role="slider"
          tabIndex={0}
          aria-label={text.slider}
          aria-describedby={instructionsId}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={position}
          aria-disabled={busy || undefined}
          $x={position}
          $width={challenge.pieceWidth}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
        />
      </StyledTrack>
      <button type="button" onClick={() => submit(position)} disabled={busy}>
        {text.check}
      </button>
    </StyledPuzzle>
  );
}
