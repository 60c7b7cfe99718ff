import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** Size of the puzzle track and piece, in CSS pixels (the browser's SliderPuzzle draws at this size). */
export const PUZZLE_TRACK = { width: 280, height: 48, pieceWidth: 40 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGB pixels (3 bytes each, row by row) as a PNG. */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Draws the puzzle's track as a PNG: a noisy background of random tiles and, at `gapX`, the gap the piece must cover
 * (a dark outline with a lighter inside). The gap's position exists only in the pixels, never as text in the answer,
 * so a script must at least analyse an image to find it (ADR 0160).
 */
export function renderPuzzleImage(gapX: number, random: (max: number) => number = randomInt): Buffer {
  const { width, height, pieceWidth } = PUZZLE_TRACK;
  const rgb = new Uint8Array(width * height * 3);
  const tile = 8;
  for (let ty = 0; ty < height; ty += tile) {
    for (let tx = 0; tx < width; tx += tile) {
      const base = 150 + random(90);
      const tint = [base - random(40), base - random(40), base - random(40)];
      for (let y = ty; y < Math.min(ty + tile, height); y += 1) {
        for (let x = tx; x < Math.min(tx + tile, width); x += 1) {
          const at = (y * width + x) * 3;
          const grain = random(24) - 12;
          rgb[at] = clamp((tint[0] ?? 0) + grain);
          rgb[at + 1] = clamp((tint[1] ?? 0) + grain);
          rgb[at + 2] = clamp((tint[2] ?? 0) + grain);
        }
      }
    }
  }
  const top = 4;
  const bottom = height - 4;
  for (let y = top; y < bottom; y += 1) {
    for (let x = gapX; x < Math.min(gapX + pieceWidth, width); x += 1) {
      const at = (y * width + x) * 3;
      const edge = y < top + 3 || y >= bottom - 3 || x < gapX + 3 || x >= gapX + pieceWidth - 3;
      for (let c = 0; c < 3; c += 1) rgb[at + c] = edge ? 25 : clamp(((rgb[at + c] ?? 0) + 255 * 2) / 3);
    }
  }
  return encodePng(width, height, rgb);
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
