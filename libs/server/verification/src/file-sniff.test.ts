import { describe, expect, it } from 'vitest';
import { sniffDocument } from './file-sniff';

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');

describe('sniffDocument', () => {
  it('knows each accepted type by its magic numbers', () => {
    expect(sniffDocument(hex('ffd8ffe0 00104a46 49460001'))).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(sniffDocument(hex('89504e47 0d0a1a0a 0000000d 49484452 00000001'))).toEqual({
      ok: true,
      contentType: 'image/png',
    });
    expect(sniffDocument(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toEqual({
      ok: true,
      contentType: 'image/webp',
    });
    expect(sniffDocument(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'))).toEqual({
      ok: true,
      contentType: 'image/heic',
    });
    expect(sniffDocument(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n', 'latin1'))).toEqual({
      ok: true,
      contentType: 'application/pdf',
    });
  });

  it('refuses what merely claims a type: scripts, HTML, SVG, archives, video', () => {
    for (const text of [
      '#!/bin/sh\necho hi',
      '<html><script>x</script>',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ]) {
      expect(sniffDocument(Buffer.from(text))).toEqual({ ok: false, problem: 'unknown_type' });
    }
    expect(sniffDocument(hex('504b0304 14000000'))).toEqual({ ok: false, problem: 'unknown_type' });
    expect(sniffDocument(Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00', 'latin1'))).toEqual({
      ok: false,
      problem: 'unknown_type',
    });
    expect(sniffDocument(Buffer.alloc(0))).toEqual({ ok: false, problem: 'unknown_type' });
  });

  it('refuses a cut-off PNG or PDF and a PDF that runs code', () => {
    expect(sniffDocument(hex('89504e47 0d0a1a0a'))).toEqual({ ok: false, problem: 'truncated' });
    expect(sniffDocument(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n'))).toEqual({ ok: false, problem: 'truncated' });
    for (const name of ['/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/OpenAction']) {
      expect(sniffDocument(Buffer.from(`%PDF-1.7\n1 0 obj << ${name} (x) >> endobj\n%%EOF`))).toEqual({
        ok: false,
        problem: 'active_pdf',
      });
    }
  });
});
