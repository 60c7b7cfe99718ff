import { describe, expect, it } from 'vitest';
import { withoutScripts } from './baseline-server';

describe('withoutScripts', () => {
  it('removes every script, module and fetch preload and inline handler, and points relative assets at the real server', () => {
    const html =
      '<!doctype html><html><head><meta charset="utf-8"><link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" href="/assets/a.css">' +
      '<script type="module" src="/assets/entry.js"></script><script nonce="x">window.__DATA__ = {"a":"</div>"};</script></head>' +
      '<body><div id="root"><button onclick="go()">Bet</button><h1>Line</h1></div>' +
      '<link rel="preload" href="/web-api/site-config?lng=en" as="fetch" crossorigin><link rel="preload" as="image" href="/logo.svg">' +
      '<script src="/x.js"/></body></html>';
    const out = withoutScripts(html, 'http://127.0.0.1:4000/');
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain('modulepreload');
    expect(out).not.toContain('site-config');
    // A preload the page itself needs (its logo) stays.
    expect(out).toContain('<link rel="preload" as="image" href="/logo.svg">');
    expect(out).not.toContain('onclick');
    expect(out).toContain('<head><base href="http://127.0.0.1:4000/"><meta charset="utf-8">');
    expect(out).toContain('<link rel="stylesheet" href="/assets/a.css">');
    expect(out).toContain('<button>Bet</button><h1>Line</h1>');
  });
});
