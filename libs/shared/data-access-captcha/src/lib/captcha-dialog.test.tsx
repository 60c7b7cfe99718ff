import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { captchaMachine } from './captcha.machine';
import { CaptchaDialog } from './captcha-dialog';
import { createLocalPuzzleBackend, createPuzzleCaptchaProvider } from './puzzle-captcha-provider';
import { requestCaptchaToken } from './request-captcha-token';

function startPuzzle() {
  // random 0.5 puts the gap at 140 on the default 280 px track, and asks "What is six plus six?".
  const backend = createLocalPuzzleBackend({ random: () => 0.5 });
  const provider = createPuzzleCaptchaProvider(backend);
  const actor = createActor(captchaMachine, { input: { config: { captchaType: 'painPuzzle' }, providers: { puzzle: provider } } });
  actor.start();
  return actor;
}

describe('CaptchaDialog with the built-in puzzle', () => {
  it('is solved with the keyboard alone', async () => {
    const user = userEvent.setup();
    const actor = startPuzzle();
    const token = requestCaptchaToken(actor);
    render(<CaptchaDialog actor={actor} />);
    expect(screen.getByRole('dialog', { name: 'Security check' })).toBeInTheDocument();
    const slider = await screen.findByRole('slider');
    expect(slider).toHaveFocus();
    await user.keyboard('{PageUp>14/}{Enter}');
    await expect(token).resolves.toMatch(/^local-puzzle\./);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a wrong answer shows a new puzzle with a notice', async () => {
    const user = userEvent.setup();
    const actor = startPuzzle();
    render(<CaptchaDialog actor={actor} />);
    await screen.findByRole('slider');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not quite');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
  });

  it('Escape and the close button dismiss it: Dismissed captcha', async () => {
    const user = userEvent.setup();
    const actor = startPuzzle();
    // The expectation is attached before the rejection happens, so it is never an unhandled one.
    const dismissed = expect(requestCaptchaToken(actor)).rejects.toMatchObject({ message: 'Dismissed captcha', reason: 'closed' });
    render(<CaptchaDialog actor={actor} />);
    await screen.findByRole('slider');
    await user.keyboard('{Escape}');
    await dismissed;
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const second = startPuzzle();
    render(<CaptchaDialog actor={second} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(second.getSnapshot().value).toBe('dismissed');
  });

  it('a click outside cancels; a click inside does not', async () => {
    const user = userEvent.setup();
    const actor = startPuzzle();
    render(<CaptchaDialog actor={actor} />);
    await user.click(await screen.findByRole('heading', { name: 'Security check' }));
    expect(actor.getSnapshot().matches('active')).toBe(true);
    await user.click(screen.getByTestId('captcha-backdrop'));
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('offers a text question instead, answered by keyboard alone with focus on the question', async () => {
    const user = userEvent.setup();
    const actor = startPuzzle();
    const token = requestCaptchaToken(actor);
    render(<CaptchaDialog actor={actor} />);
    await screen.findByRole('slider');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Use a text question instead' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const answer = await screen.findByRole('textbox', { name: 'What is six plus six?' });
    expect(answer).toHaveFocus();
    expect(answer).toHaveAccessibleDescription('Type the answer as a number, then press Check.');
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a text question instead' })).not.toBeInTheDocument();
    await user.keyboard('12{Enter}');
    await expect(token).resolves.toMatch(/^local-text\./);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a wrong answer to the text question asks a new one, with a notice and focus back on the answer', async () => {
    const user = userEvent.setup();
    const actor = startPuzzle();
    render(<CaptchaDialog actor={actor} labels={{ useText: 'Textfrage statt Puzzle' }} questionLabels={{ wrong: 'Leider falsch.' }} />);
    await user.click(await screen.findByRole('button', { name: 'Textfrage statt Puzzle' }));
    await user.type(await screen.findByRole('textbox', { name: 'What is six plus six?' }), '11{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Leider falsch.');
    const fresh = await screen.findByRole('textbox', { name: 'What is six plus six?' });
    expect(fresh).toHaveValue('');
    expect(fresh).toHaveFocus();
    expect(actor.getSnapshot().context.wrongAnswers).toBe(1);
  });

  it('renders nothing for third-party widgets, which bring their own popup', () => {
    const actor = createActor(captchaMachine, {
      input: { config: { captchaType: 'hcaptcha' }, providers: { hcaptcha: { kind: 'hcaptcha', load: () => new Promise(() => undefined), execute: () => () => undefined } } },
    });
    act(() => {
      actor.start();
    });
    const { container } = render(<CaptchaDialog actor={actor} />);
    expect(container).toBeEmptyDOMElement();
  });
});
