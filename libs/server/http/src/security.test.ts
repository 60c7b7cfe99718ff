import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, frameAncestors } from './security';

describe('frameAncestors', () => {
  it('lets the allowed parents frame the site only when embedding is enabled', () => {
    expect(
      frameAncestors({ iframe: { enabled: true, allowedParents: ['https://a.example', 'http://b.example:8080'] } }),
    ).toBe("'self' https://a.example http://b.example:8080");
    expect(frameAncestors({ iframe: { enabled: false, allowedParents: ['https://a.example'] } })).toBe("'self'");
    expect(frameAncestors({})).toBe("'self'");
    expect(frameAncestors(undefined)).toBe("'self'");
  });

  it('drops anything that is not a plain origin, so a value cannot inject directives', () => {
    expect(
      frameAncestors({
        iframe: { enabled: true, allowedParents: ['https://a.example; script-src *', 'https://ok.example'] },
      }),
    ).toBe("'self' https://ok.example");
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts and styles from the origin and the nonce only, and no plugins', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc' });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("style-src 'self' 'nonce-abc'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('allows no inline script or style when there is no nonce', () => {
    const csp = contentSecurityPolicy({});
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
  });

  it("item 20: names exactly the brand's captcha provider's origins, and none for other captchas", () => {
    const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
    const hcaptcha = contentSecurityPolicy({ config: { captcha: { type: 'hcaptcha' } } });
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(hcaptcha, name)).toBe(`${name} 'self' https://hcaptcha.com https://*.hcaptcha.com`);
    }
    expect(hcaptcha).not.toMatch(/google|gstatic/);
    const recaptcha = contentSecurityPolicy({ config: { captcha: { type: 'grecaptcha' } } });
    for (const name of ['script-src', 'connect-src']) {
      expect(directive(recaptcha, name)).toBe(
        `${name} 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/`,
      );
    }
    expect(directive(recaptcha, 'frame-src')).toBe(
      "frame-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
    expect(recaptcha).not.toContain('hcaptcha');
    for (const type of ['huntCaptcha', 'painPuzzle', undefined]) {
      expect(contentSecurityPolicy({ config: { captcha: { type } } })).toBe(contentSecurityPolicy({}));
    }
  });
});
