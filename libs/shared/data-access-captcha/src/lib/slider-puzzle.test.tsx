import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SliderPuzzle } from './slider-puzzle';

const challenge = { id: 'c1', trackWidth: 280, pieceWidth: 40, image: 'data:image/png;base64,' };

describe('SliderPuzzle', () => {
  it('is a focused slider with its range, moved by the keyboard', async () => {
    const user = userEvent.setup();
    render(<SliderPuzzle challenge={challenge} onAnswer={vi.fn()} />);
    const slider = screen.getByRole('slider', { name: 'Puzzle piece position' });
    expect(slider).toHaveFocus();
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '240');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider).toHaveAccessibleDescription(/Move the piece into the gap/);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '3');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '23');
    await user.keyboard('{ArrowLeft}{PageDown}{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '11');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '240');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '240');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('Enter and the Check button submit the position with the movement trail', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<SliderPuzzle challenge={challenge} onAnswer={onAnswer} />);
    await user.keyboard('{PageUp}{PageUp}{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith({
      position: 20,
      trail: [expect.objectContaining({ x: 10 }), expect.objectContaining({ x: 20 })],
    });
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });

  it('does nothing while the answer is checked', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<SliderPuzzle challenge={challenge} onAnswer={onAnswer} busy />);
    await user.keyboard('{PageUp}{Enter}');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('tells the bettor when the previous answer was wrong, with translated labels', () => {
    render(
      <SliderPuzzle
        challenge={challenge}
        onAnswer={vi.fn()}
        wrong
        labels={{ wrong: 'Versuchen Sie es erneut', check: 'Prüfen' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Versuchen Sie es erneut');
    expect(screen.getByRole('button', { name: 'Prüfen' })).toBeInTheDocument();
  });

  it('dragging the piece moves it and releasing submits', () => {
    const onAnswer = vi.fn();
    render(<SliderPuzzle challenge={challenge} onAnswer={onAnswer} />);
    const slider = screen.getByRole('slider');
    const pointer = (type: string, clientX: number) =>
      slider.dispatchEvent(Object.assign(new MouseEvent(type, { bubbles: true, clientX }), { pointerId: 1 }));
    pointer('pointerdown', 10);
    pointer('pointermove', 60);
    pointer('pointerup', 150);
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ position: 140 }));
  });

  it('on a right-to-left page keeps the track left to right, so the piece moves with the finger toward the gap', () => {
    const onAnswer = vi.fn();
    render(
      <div dir="rtl">
        <SliderPuzzle challenge={challenge} onAnswer={onAnswer} />
      </div>,
    );
    const slider = screen.getByRole('slider');
    // The piece is placed from the track's inline start: left only when the track itself is left to right.
    expect(slider.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    const pointer = (type: string, clientX: number) =>
      slider.dispatchEvent(Object.assign(new MouseEvent(type, { bubbles: true, clientX }), { pointerId: 1 }));
    pointer('pointerdown', 200);
    pointer('pointerup', 300);
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ position: 100 }));
  });
});
