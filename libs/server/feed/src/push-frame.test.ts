import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type PerMessageDeflateOptions } from 'ws';
import { deflateShared, sendTextParts, type SharedTail } from './push-frame';

interface Pair {
  server: WebSocketServer;
  socket: WebSocket;
  client: WebSocket;
  received: { text: string; binary: boolean }[];
  /** First byte of each frame header and the payload parts the server wrote through sendTextParts' direct path. */
  frames: { first: number; parts: Buffer[] }[];
}

const pairs: Pair[] = [];

async function connect(
  perMessageDeflate: boolean | PerMessageDeflateOptions,
  clientDeflate: boolean | PerMessageDeflateOptions = true,
): Promise<Pair> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate });
  const socketP = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
    perMessageDeflate: clientDeflate,
  });
  const received: Pair['received'] = [];
  client.on('message', (data: Buffer, binary: boolean) => received.push({ text: data.toString('utf8'), binary }));
  await new Promise<void>((resolve) => client.once('open', resolve));
  const socket = await socketP;
  const frames: Pair['frames'] = [];
  const sender = (socket as unknown as { _sender: { sendFrame: (list: Buffer[]) => void } })._sender;
  const sendFrame = sender.sendFrame.bind(sender);
  sender.sendFrame = (list: Buffer[]) => {
    frames.push({ first: list[0]?.[0] ?? 0, parts: list });
    sendFrame(list);
  };
  const pair = { server, socket, client, received, frames };
  pairs.push(pair);
  return pair;
}

function shared(text: string): SharedTail {
  const tail = Buffer.from(text, 'utf8');
  const deflated = deflateShared(tail);
  return { tail: () => tail, deflatedTail: () => deflated };
}

async function receive(pair: Pair, count: number): Promise<string[]> {
  const until = Date.now() + 5_000;
  while (pair.received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  expect(pair.received.every((m) => !m.binary)).toBe(true);
  return pair.received.map((m) => m.text);
}

// Payload lengths on both sides of the 7-bit, 16-bit and 64-bit length forms of the frame header, UTF-8 in the tail.
const tails = [10, 100, 200, 65_000, 65_600, 300_000].map((n) => `"x":"${'é'.repeat(n)}"}`);

/** Shared-tail messages interleaved with ordinary sends (ws compresses those above its threshold). */
function sendAll(pair: Pair): string[] {
  const expected: string[] = [];
  tails.forEach((text, i) => {
    const head = `{"type":"delta","seq":${2 * i + 1},"resume":"s.${i}",`;
    sendTextParts(pair.socket, head, shared(text));
    expected.push(head + text);
    const plain = JSON.stringify({ type: 'pong', seq: 2 * i + 2, pad: 'ab'.repeat(i * 400) });
    pair.socket.send(plain);
    expected.push(plain);
  });
  return expected;
}

afterEach(async () => {
  for (const pair of pairs.splice(0)) {
    pair.client.terminate();
    await new Promise((resolve) => pair.server.close(resolve));
  }
});

describe('sendTextParts', () => {
  it('writes head and the shared tail itself (no copy) as one text message, in order with plain sends', async () => {
    const pair = await connect(false);
    const sharedTails = tails.map(shared);
    const expected: string[] = [];
    sharedTails.forEach((tail, i) => {
      sendTextParts(pair.socket, `{"seq":${i}`, tail);
      expected.push(`{"seq":${i}${tails[i]}`);
      pair.socket.send(`{"n":${i}}`);
      expected.push(`{"n":${i}}`);
    });
    expect(await receive(pair, expected.length)).toEqual(expected);
    const written = new Set(pair.frames.map((f) => f.parts[1]));
    expect(sharedTails.filter((t) => written.has(t.tail()))).toHaveLength(sharedTails.length);
  });

  it('sends the tail compressed once to a client that inflates each message on its own', async () => {
    const pair = await connect({ serverNoContextTakeover: true, threshold: 1024 });
    const expected = sendAll(pair);
    expect(await receive(pair, expected.length)).toEqual(expected);
    // Shared messages went out compressed (RSV1) with the head in a stored block (the rest through ws while it was
    // compressing a plain send).
    const compressed = pair.frames.filter((f) => (f.first & 0x40) !== 0 && f.parts[0]?.includes('"type":"delta"'));
    expect(compressed.length).toBeGreaterThan(0);
  });

  it('sends plain frames to a client that keeps a compression window across messages, or a smaller one', async () => {
    for (const [server, client] of [
      [{ threshold: 1024 }, true],
      [{ serverNoContextTakeover: true, threshold: 1024 }, { serverMaxWindowBits: 10 }],
    ] as const) {
      const pair = await connect(server, client);
      const expected = sendAll(pair);
      expect(await receive(pair, expected.length)).toEqual(expected);
      expect(pair.frames.some((f) => (f.first & 0x40) !== 0 && f.parts[0]?.includes('"type":"delta"'))).toBe(false);
    }
  });

  it('joins the parts for a socket that is not a ws server socket', () => {
    const sent: { data: string | Buffer; binary: boolean | undefined }[] = [];
    sendTextParts({ send: (data, options) => sent.push({ data, binary: options?.binary }) }, '{"a":"é"', shared('}'));
    expect(sent).toHaveLength(1);
    expect(Buffer.from(sent[0]?.data as Buffer).toString('utf8')).toBe('{"a":"é"}');
    expect(sent[0]?.binary).toBe(false);
  });
});
