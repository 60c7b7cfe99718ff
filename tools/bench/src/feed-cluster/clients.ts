// The client side of the shared-feed benchmark: a child process holding N WebSocket clients of the push channel, all
// following the live list. It measures when each delta position arrives, and on command drops and reconnects a part of
// the clients with their resume tokens (a reconnect storm). Talks to the parent over IPC.
import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import zlib from 'node:zlib';

// A minimal WebSocket client (RFC 6455, permessage-deflate as a browser offers it): the load generator reads each
// delta's position from its first bytes, which the server sends uncompressed (a stored deflate block) before the
// shared compressed changes, so it neither inflates, validates nor copies what it does not read. Other messages
// (hello, subscribed, resync, and deltas a server compressed whole) are inflated and parsed.

interface Client {
  socket: Socket | undefined;
  resume: string | undefined;
  /** Highest position received; a client that resumes must continue right after it. */
  position: number;
  /** Arrival times of the positions received, for latency (one sample per client and position). */
  resumedOk: boolean | undefined;
  missed: number;
}

type Command =
  | { op: 'connect'; url: string; origin: string; count: number; deflate: boolean }
  | { op: 'measure'; ms: number }
  | { op: 'storm'; url: string; origin: string; count: number; deflate: boolean }
  | { op: 'latency'; published: Record<string, number> }
  | { op: 'close' };

const clients: Client[] = [];
/** position → arrival times (ms, epoch with sub-ms) while measuring. */
let arrivals: Map<number, number[]> | undefined;
let deltas = 0;
let conflated = 0;
let compressed = 0;
/** Storm reconnections refused or reset and tried again. */
let retries = 0;
let bytes = 0;

const DELTA = Buffer.from('{"type":"delta"');
const RESUME = Buffer.from('"resume":"');
const CONFLATED = Buffer.from('"conflated":true');
const SYNC_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
const now = (): number => performance.timeOrigin + performance.now();
const send = (message: object): void => void process.send?.(message);

/** Splits a byte stream into WebSocket frames (the server sends whole, unmasked frames, never fragments). */
class FrameReader {
  private chunks: Buffer[] = [];
  private length = 0;

  constructor(private readonly onFrame: (payload: Buffer, rsv1: boolean, opcode: number) => void) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    while (this.length >= 2) {
      let first = this.chunks[0] as Buffer;
      if (first.length < 10 && this.chunks.length > 1) {
        first = Buffer.concat(this.chunks, this.length);
        this.chunks = [first];
      }
      const b1 = first[1] as number;
      let size = b1 & 0x7f;
      let at = 2;
      if (size === 126) {
        if (first.length < 4) return;
        size = first.readUInt16BE(2);
        at = 4;
      } else if (size === 127) {
        if (first.length < 10) return;
        size = first.readUInt32BE(2) * 2 ** 32 + first.readUInt32BE(6);
        at = 10;
      }
      if (this.length < at + size) return;
      if (first.length < at + size) {
        first = Buffer.concat(this.chunks, this.length);
        this.chunks = [first];
      }
      const b0 = first[0] as number;
      const payload = first.subarray(at, at + size);
      const rest = first.subarray(at + size);
      if (rest.length > 0) this.chunks[0] = rest;
      else this.chunks.shift();
      this.length -= at + size;
      this.onFrame(payload, (b0 & 0x40) !== 0, b0 & 0x0f);
    }
  }
}

/** Sends one masked text frame (client to server). */
function sendText(socket: Socket, text: string): void {
  const payload = Buffer.from(text, 'utf8');
  const size = payload.length < 126 ? 2 : 4;
  const frame = Buffer.allocUnsafe(size + 4 + payload.length);
  frame[0] = 0x81;
  if (size === 2) frame[1] = 0x80 | payload.length;
  else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(payload.length, 2);
  }
  const mask = crypto.randomBytes(4);
  mask.copy(frame, size);
  for (let i = 0; i < payload.length; i++) frame[size + 4 + i] = (payload[i] as number) ^ (mask[i & 3] as number);
  socket.write(frame);
}

/** The start of a message's text: a compressed message's leading stored block, else the message inflated whole. */
function textStart(payload: Buffer, rsv1: boolean): Buffer {
  if (!rsv1) return payload;
  // BFINAL 0 and BTYPE 00: a stored block (LEN, NLEN, then the bytes as they are).
  if (((payload[0] as number) & 0x07) === 0 && payload.length >= 5) {
    const stored = payload.subarray(5, 5 + payload.readUInt16LE(1));
    const resume = stored.indexOf(RESUME);
    if (resume >= 0 && stored.indexOf(0x22, resume + RESUME.length) >= 0) return stored;
  }
  compressed++;
  return inflate(payload);
}

function inflate(payload: Buffer): Buffer {
  return zlib.inflateRawSync(Buffer.concat([payload, SYNC_TAIL]));
}

function onDelta(client: Client, start: Buffer): void {
  const at = now();
  const from = start.indexOf(RESUME);
  const end = start.indexOf(0x22, from + RESUME.length);
  const token = start.toString('latin1', from + RESUME.length, end);
  const position = Number(token.slice(token.lastIndexOf('.') + 1));
  client.resume = token;
  if (position <= client.position) client.missed++; // a position twice
  client.position = position;
  deltas++;
  // The flags come before the changes.
  if (start.subarray(0, 256).indexOf(CONFLATED) >= 0) conflated++;
  if (arrivals) {
    let list = arrivals.get(position);
    if (!list) arrivals.set(position, (list = []));
    list.push(at);
  }
}

function open(url: string, origin: string, client: Client, deflate: boolean, resume?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(url.replace(/^ws/, 'http'), {
      agent: false,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        Origin: origin,
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
        ...(deflate ? { 'Sec-WebSocket-Extensions': 'permessage-deflate; client_max_window_bits' } : {}),
      },
    });
    request.once('error', reject);
    request.once('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    request.once('upgrade', (_res, socket, head) => {
      client.socket = socket;
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      // Closed before its subscription was answered: the caller may try again (no effect once resolved).
      socket.once('close', () => reject(new Error('closed before subscribed')));
      const reader = new FrameReader((payload, rsv1, opcode) => {
        if (opcode !== 0x01) return;
        bytes += payload.length;
        const start = textStart(payload, rsv1);
        // Deltas are read without decoding or parsing their changes (the client process must not be what is
        // measured): the position from the resume token in the first bytes, the merged flag beside it.
        if (start.subarray(0, DELTA.length).equals(DELTA)) {
          onDelta(client, start);
          return;
        }
        const text = rsv1 && start.length < payload.length ? inflate(payload) : start;
        const m = JSON.parse(text.toString('utf8')) as { type: string; resume?: string; resumed?: boolean };
        if (m.type === 'hello') {
          sendText(socket, JSON.stringify({ op: 'subscribe', live: true, ...(resume ? { resume } : {}) }));
          if (!resume) client.resume = m.resume;
        } else if (m.type === 'subscribed') {
          if (resume) client.resumedOk = m.resumed === true;
          resolve();
        } else if (m.type === 'resync') {
          client.missed++;
        }
      });
      socket.on('data', (chunk: Buffer) => reader.push(chunk));
      if (head.length > 0) reader.push(head);
    });
    request.end();
  });
}

/** Reconnects with the client's resume token, again after a refused or reset connection (as a page would). */
async function reopen(url: string, origin: string, client: Client, deflate: boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await open(url, origin, client, deflate, client.resume);
      return;
    } catch (err) {
      client.socket?.destroy();
      if (attempt >= 10) throw err;
      retries++;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

async function connect(url: string, origin: string, count: number, deflate: boolean): Promise<void> {
  // In waves, so the accept queue is not the thing measured.
  for (let i = 0; i < count; i += 200) {
    const wave: Promise<void>[] = [];
    for (let j = i; j < Math.min(count, i + 200); j++) {
      const client: Client = {
        socket: undefined,
        resume: undefined,
        position: 0,
        resumedOk: undefined,
        missed: 0,
      };
      clients.push(client);
      wave.push(open(url, origin, client, deflate));
    }
    await Promise.all(wave);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

process.on('message', (raw: unknown) => {
  const command = raw as Command;
  void (async () => {
    try {
      if (command.op === 'connect') {
        const t0 = now();
        await connect(command.url, command.origin, command.count, command.deflate);
        send({ op: 'connected', ms: now() - t0, clients: clients.length });
      } else if (command.op === 'measure') {
        arrivals = new Map();
        deltas = conflated = compressed = bytes = 0;
        const cpu = process.cpuUsage();
        const wall = now();
        await new Promise((r) => setTimeout(r, command.ms));
        const used = process.cpuUsage(cpu);
        const measured = arrivals;
        arrivals = undefined;
        send({
          op: 'measured',
          deltas,
          conflated,
          compressed,
          bytes,
          positions: [...measured.keys()],
          // Share of one core this load generator used while measuring (1 = a whole core: it may be the bottleneck).
          cpu: (used.user + used.system) / 1000 / (now() - wall),
        });
        (globalThis as { lastArrivals?: Map<number, number[]> }).lastArrivals = measured;
      } else if (command.op === 'latency') {
        const measured = (globalThis as { lastArrivals?: Map<number, number[]> }).lastArrivals ?? new Map();
        const latencies: number[] = [];
        for (const [position, times] of measured) {
          const published = command.published[String(position)];
          if (published === undefined) continue;
          for (const t of times) latencies.push(t - published);
        }
        latencies.sort((a, b) => a - b);
        send({
          op: 'latency',
          samples: latencies.length,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
        });
      } else if (command.op === 'storm') {
        const storm = clients.slice(0, command.count);
        const t0 = now();
        for (const c of storm) c.socket?.destroy();
        await Promise.all(
          storm.map((c) => {
            c.resumedOk = undefined;
            return reopen(command.url, command.origin, c, command.deflate);
          }),
        );
        const resumedMs = now() - t0;
        // Settled: every client that dropped has caught up with the newest position any client had by then.
        const target = Math.max(...clients.map((c) => c.position));
        const until = now() + 120_000;
        while (storm.some((c) => c.position < target) && now() < until) await new Promise((r) => setTimeout(r, 10));
        const settled = now() - t0;
        send({
          op: 'stormed',
          ms: settled,
          resumedMs,
          behind: storm.filter((c) => c.position < target).length,
          resumed: storm.filter((c) => c.resumedOk === true).length,
          notResumed: storm.filter((c) => c.resumedOk !== true).length,
          missed: clients.reduce((n, c) => n + c.missed, 0),
          retries,
        });
      } else if (command.op === 'close') {
        for (const c of clients) c.socket?.destroy();
        send({ op: 'closed' });
        setTimeout(() => process.exit(0), 50);
      }
    } catch (err) {
      send({ op: 'error', message: String(err) });
    }
  })();
});
send({ op: 'ready' });
