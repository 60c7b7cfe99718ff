import zlib from 'node:zlib';

/**
 * Writes one WebSocket text message made of a small per-client head and a large shared tail, neither copying nor
 * compressing the tail per client.
 *
 * The live-list fan-out sends the same delta to thousands of clients, each behind its own `{"type":"delta","seq":N`.
 * Joining head and tail into one Buffer per client copied the whole delta (tens of KB) once per client and made that
 * much garbage; here the frame header and the head go in one small Buffer and the shared tail is written after it on
 * the corked socket (one `writev`), as `ws` itself writes a frame's header and payload.
 *
 * A client that negotiated permessage-deflate (RFC 7692) with `server_no_context_takeover` (every message inflated on
 * its own) gets the tail compressed once for all: the message is the head as a stored (uncompressed) deflate block,
 * then the shared compressed tail. A deflate stream may mix block types, and the tail's blocks refer only to the
 * tail's own bytes, so the concatenation inflates to head + tail. Without `server_no_context_takeover` the client keeps
 * a window that the shared blocks cannot know, so such a client gets plain text frames.
 *
 * Only the server side of `ws` 8 with nothing queued in its sender (no compression or Blob read under way, which would
 * reorder frames) takes these paths; any other socket, or a busy sender, gets the joined bytes through `send`.
 */

/** The parts of a `ws` WebSocket this writer uses (internal to `ws` 8: its sender writes frames on the socket). */
interface WsSocketInternals {
  readyState?: number;
  _isServer?: boolean;
  _extensions?: Record<string, { params?: Record<string, unknown> } | undefined>;
  _sender?: {
    /** 0: nothing queued (no compression or Blob read under way), frames may be written directly. */
    _state?: number;
    sendFrame?: (list: Buffer[]) => void;
  };
}

/** The sending part of a socket (fits {@link import('./feed-push').PushSocket}). */
interface TextSocket {
  send(data: string | Buffer, options?: { binary?: boolean }): void;
}

/** A tail shared by many messages, plain and (built on first use) compressed. */
export interface SharedTail {
  tail: () => Buffer;
  deflatedTail: () => Buffer;
}

const OPEN = 1;
const TEXT = 0x01;
const FIN = 0x80;
const RSV1 = 0x40;

/** Compresses `bytes` as permessage-deflate does one message: raw deflate, sync flush, the final `00 00 ff ff` cut. */
export function deflateShared(bytes: Buffer): Buffer {
  const out = zlib.deflateRawSync(bytes, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return out.subarray(0, out.length - 4);
}

/** Frame header of one unmasked final text frame of `length` payload bytes, with room for `extra` bytes after it. */
function frameHeader(first: number, length: number, extra: number): { bytes: Buffer; at: number } {
  const size = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const bytes = Buffer.allocUnsafe(size + extra);
  bytes[0] = first;
  if (size === 2) bytes[1] = length;
  else if (size === 4) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    bytes.writeUInt32BE(length >>> 0, 6);
  }
  return { bytes, at: size };
}

/**
 * permessage-deflate settings of the push channel's WebSocket server (`ws` options): every message compressed on its
 * own, so the shared deltas can be compressed once for all clients; the server's full window (the shared blocks use
 * it); the clients' window small and reset per message (a server holds one inflater per client that compresses);
 * `ws` compresses other messages itself only from 8 KB (each socket it compresses for keeps a deflater).
 */
export const PUSH_PER_MESSAGE_DEFLATE = {
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  clientMaxWindowBits: 10,
  threshold: 8 * 1024,
} as const;

/**
 * Whether the client inflates every message on its own with a full window: permessage-deflate with
 * server_no_context_takeover and no smaller server_max_window_bits than the shared blocks' 15.
 */
function inflatesEachMessage(ws: WsSocketInternals): boolean {
  const params = ws._extensions?.['permessage-deflate']?.params;
  if (params?.['server_no_context_takeover'] !== true) return false;
  const bits = params['server_max_window_bits'];
  return bits === undefined || bits === true || Number(bits) === 15;
}

/** Sends `head` followed by the shared tail (never modified afterwards: it may still be queued on many sockets). */
export function sendTextParts(socket: TextSocket, head: string, shared: SharedTail): void {
  const ws = socket as unknown as WsSocketInternals;
  const sender = ws._sender;
  const headLength = Buffer.byteLength(head, 'utf8');
  if (ws._isServer === true && ws.readyState === OPEN && sender?._state === 0 && sender.sendFrame) {
    if (inflatesEachMessage(ws) && headLength <= 0xffff) {
      // A stored block (BFINAL 0, BTYPE 00, LEN, NLEN) holding the head, then the tail's compressed blocks.
      const tail = shared.deflatedTail();
      const { bytes, at } = frameHeader(FIN | RSV1 | TEXT, 5 + headLength + tail.length, 5 + headLength);
      bytes[at] = 0;
      bytes.writeUInt16LE(headLength, at + 1);
      bytes.writeUInt16LE(~headLength & 0xffff, at + 3);
      bytes.write(head, at + 5, 'utf8');
      sender.sendFrame([bytes, tail]);
      return;
    }
    const tail = shared.tail();
    const { bytes, at } = frameHeader(FIN | TEXT, headLength + tail.length, headLength);
    bytes.write(head, at, 'utf8');
    sender.sendFrame([bytes, tail]);
    return;
  }
  const tail = shared.tail();
  const bytes = Buffer.allocUnsafe(headLength + tail.length);
  bytes.write(head, 0, 'utf8');
  tail.copy(bytes, headLength);
  socket.send(bytes, { binary: false });
}
