import type { DocumentContentType } from './document-types';

/** Why the bytes of an upload are not an accepted document. */
export type SniffProblem = 'unknown_type' | 'truncated' | 'active_pdf';

/** The type the bytes prove, or why they are refused. */
export type SniffResult = { ok: true; contentType: DocumentContentType } | { ok: false; problem: SniffProblem };

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

// ISO base media file brands of HEIF still images (HEIC from phones): heic, heix, and the generic mif1/msf1.
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

// PDF names that run code or carry other files when the document is opened: such a document is refused.
const ACTIVE_PDF = /\/(JavaScript|JS|Launch|EmbeddedFile|OpenAction|AA|RichMedia|XFA)\b/;

/**
 * Identifies an upload by its first bytes (magic numbers), never by its name or the type the browser declared: JPEG
 * (FF D8 FF), PNG (the 8-byte signature and its IHDR chunk), WebP (RIFF....WEBP), HEIC (an ISO-BMFF `ftyp` box with
 * a HEIF brand) and PDF (`%PDF-` and an `%%EOF` near the end). A PDF naming JavaScript, launch actions, embedded
 * files or forms is refused (a coarse check of the uncompressed dictionaries, which is where those names live).
 */
export function sniffDocument(bytes: Uint8Array): SniffResult {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    return bytes.length >= 4 ? { ok: true, contentType: 'image/jpeg' } : { ok: false, problem: 'truncated' };
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return ascii(bytes, 12, 16) === 'IHDR'
      ? { ok: true, contentType: 'image/png' }
      : { ok: false, problem: 'truncated' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return bytes.length >= 16 ? { ok: true, contentType: 'image/webp' } : { ok: false, problem: 'truncated' };
  }
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) {
    return { ok: true, contentType: 'image/heic' };
  }
  if (ascii(bytes, 0, 5) === '%PDF-') {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    if (!text.slice(-1024).includes('%%EOF')) return { ok: false, problem: 'truncated' };
    if (ACTIVE_PDF.test(text)) return { ok: false, problem: 'active_pdf' };
    return { ok: true, contentType: 'application/pdf' };
  }
  return { ok: false, problem: 'unknown_type' };
}
