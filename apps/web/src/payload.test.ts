import { describe, expect, it } from 'vitest';
import { serializeForScript } from './payload';

describe('serializeForScript', () => {
  it('cannot be broken out of with </script> or comments', () => {
    const out = serializeForScript({ text: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(out).not.toMatch(/<|>/);
    expect(out).not.toContain('\u2028');
    expect(JSON.parse(out)).toEqual({ text: '</script><script>alert(1)</script><!-- & \u2028' });
  });
});
