import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { captchaMachine } from './captcha.machine';
import { CaptchaDialog } from './captcha-dialog';
import type { CaptchaProvider } from './captcha.types';
import { createLocalPuzzleBackend, createPuzzleCaptchaProvider, type AltchaBackend } from './puzzle-captcha-provider';
import { requestCaptchaToken } from './request-captcha-token';

/**
 * A stand-in for the altcha web component: like the real one it reads its challenge attribute when connected, works a
 * moment, and reports `statechange` with state verified and a payload (here derived from the challenge).
 */
const loadStubWidget = async (language: string): Promise<void> => {
  loadedLanguages.push(language);
  if (customElements.get('altcha-widget')) return;
  customElements.define(
    'altcha-widget',
    class extends HTMLElement {
      connectedCallback() {
        const challenge = this.getAttribute('challenge') ?? '';
        this.setAttribute('role', 'status');
        this.textContent = this.getAttribute('language') === 'de' ? 'Wird geprüft…' : 'Verifying…';
        setTimeout(
          () =>
            this.dispatchEvent(
              new CustomEvent('statechange', { detail: { state: 'verified', payload: `solved:${challenge}` } }),
            ),
          10,
        );
      }
    },
  );
};
const loadedLanguages: string[] = [];

/** An ALTCHA backend that accepts a payload for the newest challenge once, and refuses the first when told to. */
function altchaBackend(refuseFirst = false): AltchaBackend & { verified: string[] } {
  let issued = 0;
  const verified: string[] = [];
  return {
    verified,
    async createChallenge() {
      issued += 1;
      return { kind: 'altcha', challenge: { n: issued }, maxCounter: 50_000 };
    },
    async verify(payload) {
      verified.push(payload);
      if (refuseFirst && verified.length === 1) return null;
      return payload === `solved:${JSON.stringify({ n: issued })}` ? `local-altcha.${issued}` : null;
    },
  };
}

function startPuzzle(altcha?: AltchaBackend) {
  // random 0.5 puts the gap at 140 on the default 280 px track.
  const backend = createLocalPuzzleBackend({ random: () => 0.5 });
  const provider = createPuzzleCaptchaProvider(backend, altcha);
  const actor = createActor(captchaMachine, {
    input: { config: { captchaType: 'painPuzzle' }, providers: { puzzle: provider } },
  });
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
    const dismissed = expect(requestCaptchaToken(actor)).rejects.toMatchObject({
      message: 'Dismissed captcha',
      reason: 'closed',
    });
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

  it('offers the ALTCHA check instead: no puzzle, it runs by itself in the page language and earns the token', async () => {
    const user = userEvent.setup();
    const altcha = altchaBackend();
    const actor = startPuzzle(altcha);
    const token = requestCaptchaToken(actor);
    render(
      <CaptchaDialog
        actor={actor}
        language="de"
        loadAltchaWidget={loadStubWidget}
        labels={{ useAltcha: 'Ohne Puzzle prüfen' }}
      />,
    );
    await screen.findByRole('slider');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ohne Puzzle prüfen' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await expect(token).resolves.toBe('local-altcha.1');
    expect(loadedLanguages.at(-1)).toBe('de');
    expect(altcha.verified).toEqual(['solved:{"n":1}']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refused ALTCHA payload runs a fresh check, with a notice', async () => {
    const user = userEvent.setup();
    const altcha = altchaBackend(true);
    const actor = startPuzzle(altcha);
    const token = requestCaptchaToken(actor);
    render(<CaptchaDialog actor={actor} language="en" loadAltchaWidget={loadStubWidget} />);
    await user.click(await screen.findByRole('button', { name: 'Check without a puzzle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The check did not pass');
    await expect(token).resolves.toBe('local-altcha.2');
    expect(actor.getSnapshot().context.wrongAnswers).toBe(1);
  });
  it('says a third-party check is loading, and renders nothing once its own popup runs', async () => {
    let loaded: (value: null) => void = () => undefined;
    const actor = createActor(captchaMachine, {
      input: {
        config: { captchaType: 'hcaptcha' },
        providers: {
          hcaptcha: {
            kind: 'hcaptcha',
            load: () => new Promise((resolve) => (loaded = resolve)),
            execute: () => () => undefined,
          },
        },
      },
    });
    act(() => {
      actor.start();
    });
    const { container } = render(<CaptchaDialog actor={actor} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the security check…');
    await act(async () => loaded(null));
    expect(container).toBeEmptyDOMElement();
  });

  it('item 13: a third-party script that cannot load is said so with a retry; the form never goes on without a token', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const hcaptcha: CaptchaProvider = {
      kind: 'hcaptcha',
      load: () =>
        ++attempts === 1 ? Promise.reject(new Error('The script could not be loaded')) : Promise.resolve(null),
      execute: (session) => {
        session.onToken('provider-token');
        return () => undefined;
      },
    };
    const actor = createActor(captchaMachine, {
      input: { config: { captchaType: 'hcaptcha' }, providers: { hcaptcha } },
    });
    actor.start();
    const token = requestCaptchaToken(actor);
    render(<CaptchaDialog actor={actor} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The security check could not load. Check your connection and try again.',
    );
    // hCaptcha's brand has no built-in alternative its server would accept: a retry, or closing.
    expect(screen.queryByRole('button', { name: 'Check without a puzzle' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expect(token).resolves.toBe('provider-token');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
