// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectScript, pollFor, ScriptLoadError, ScriptNotReadyError, SCRIPT_POLL } from './script-loader';
import { createHCaptchaProvider, type WidgetCaptchaApi } from './widget-captcha-provider';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  delete window.hcaptcha;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('pollFor', () => {
  it('polls every 100 ms and resolves once the global appears', async () => {
    const global: { value?: string } = {};
    const read = vi.fn(() => global.value);
    const result = pollFor(read, new AbortController().signal);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(read).toHaveBeenCalledTimes(2);
    global.value = 'ready';
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe('ready');
  });

  it('gives up after 300 tries (30 s)', async () => {
    const read = vi.fn(() => undefined);
    const result = pollFor(read, new AbortController().signal);
    const settled = expect(result).rejects.toBeInstanceOf(ScriptNotReadyError);
    await vi.advanceTimersByTimeAsync(SCRIPT_POLL.intervalMs * (SCRIPT_POLL.maxTries - 1));
    await settled;
    expect(read).toHaveBeenCalledTimes(300);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const read = vi.fn(() => undefined);
    const result = pollFor(read, controller.signal);
    controller.abort(new Error('closed'));
    await expect(result).rejects.toThrow('closed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('injectScript', () => {
  it('adds one script tag per URL', () => {
    injectScript('https://example.test/a.js');
    injectScript('https://example.test/a.js');
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });
});

describe('createHCaptchaProvider', () => {
  it('injects the script, waits for window.hcaptcha, renders hidden and executes with the callbacks', async () => {
    const provider = createHCaptchaProvider();
    const loaded = provider.load(
      { captchaType: 'hcaptcha', publicKey: 'site-key', lng: 'de' },
      new AbortController().signal,
    );
    expect(document.querySelector('script')?.src).toBe('https://js.hcaptcha.com/1/api.js?render=explicit&hl=de');

    let params: Record<string, unknown> = {};
    const api: WidgetCaptchaApi = {
      render: vi.fn((_container: HTMLElement, p: Record<string, unknown>) => {
        params = p;
        return 'w1';
      }),
      execute: vi.fn(),
      remove: vi.fn(),
    };
    window.hcaptcha = api;
    await vi.advanceTimersByTimeAsync(100);
    await expect(loaded).resolves.toBeNull();

    const onToken = vi.fn();
    const onExpired = vi.fn();
    const onClose = vi.fn();
    const stop = provider.execute({
      config: { captchaType: 'hcaptcha', publicKey: 'site-key' },
      onToken,
      onExpired,
      onClose,
    });
    expect(api.execute).toHaveBeenCalledWith('w1');
    expect(params['sitekey']).toBe('site-key');
    (params['callback'] as (t: string) => void)('tok');
    (params['expired-callback'] as () => void)();
    (params['close-callback'] as () => void)();
    expect([onToken.mock.calls, onExpired.mock.calls.length, onClose.mock.calls.length]).toEqual([[['tok']], 1, 1]);

    stop();
    expect(api.remove).toHaveBeenCalledWith('w1');
    expect(document.body.children).toHaveLength(0);
  });

  it('item 13: speaks the page’s language when the brand sets none (hl)', () => {
    void createHCaptchaProvider()
      .load({ captchaType: 'hcaptcha', pageLanguage: 'fa' }, new AbortController().signal)
      .catch(() => undefined);
    expect(document.querySelector('script')?.src).toBe('https://js.hcaptcha.com/1/api.js?render=explicit&hl=fa');
  });

  it('item 13: gives up at once on a script the page refuses, and a retry injects it afresh', async () => {
    const provider = createHCaptchaProvider();
    const loaded = provider.load({ captchaType: 'hcaptcha', pageLanguage: 'en' }, new AbortController().signal);
    const refused = expect(loaded).rejects.toBeInstanceOf(ScriptLoadError);
    // What a CSP refusal or a network error does to the tag.
    document.querySelector('script')?.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    await refused;
    const retry = provider.load({ captchaType: 'hcaptcha', pageLanguage: 'en' }, new AbortController().signal);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelector('script')?.dataset['loadFailed']).toBeUndefined();
    window.hcaptcha = { render: () => 'w', execute: () => undefined };
    await vi.advanceTimersByTimeAsync(100);
    await expect(retry).resolves.toBeNull();
  });

  it('waits at most the brand’s polling budget for a script that never becomes ready', async () => {
    const loaded = createHCaptchaProvider().load(
      { captchaType: 'hcaptcha', scriptPoll: { intervalMs: 50, maxTries: 4 } },
      new AbortController().signal,
    );
    const timedOut = expect(loaded).rejects.toBeInstanceOf(ScriptNotReadyError);
    await vi.advanceTimersByTimeAsync(200);
    await timedOut;
  });
});
