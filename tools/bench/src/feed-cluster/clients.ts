// The client side of the shared-feed benchmark: a child process holding N WebSocket clients of the push channel, all
// following the live list. It measures when each delta position arrives, and on command drops and reconnects a part of
// the clients with their resume tokens (a reconnect storm). Talks to the parent over IPC.
import { WebSocket } from 'ws';

interface Client {
  ws: WebSocket;
  resume: string | undefined;
  /** Highest position received; a client that resumes must continue right after it. */
  position: number;
  /** Arrival times of the positions received, for latency (one sample per client and position). */
  resumedOk: boolean | undefined;
  missed: number;
}

type Command =
  | { op: 'connect'; url: string; origin: string; count: number }
  | { op: 'measure'; ms: number }
  | { op: 'storm'; url: string; origin: string; count: number }
  | { op: 'latency'; published: Record<string, number> }
  | { op: 'close' };

const clients: Client[] = [];
/** position → arrival times (ms, epoch with sub-ms) while measuring. */
let arrivals: Map<number, number[]> | undefined;
let deltas = 0;
let conflated = 0;
let bytes = 0;

const DELTA = Buffer.from('{"type":"delta"');
const RESUME = Buffer.from('"resume":"');
const CONFLATED = Buffer.from('"conflated":true');
const now = (): number => performance.timeOrigin + performance.now();
const send = (message: object): void => void process.send?.(message);

function open(url: string, origin: string, client: Client, resume?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, perMessageDeflate: false });
    client.ws = ws;
    ws.on('message', (data: Buffer) => {
      bytes += data.length;
      // Deltas are read without decoding or parsing their changes (the client process must not be what is measured):
      // the position from the resume token near the end, the merged flag after it.
      if (data.subarray(0, DELTA.length).equals(DELTA)) {
        const at = now();
        const from = data.lastIndexOf(RESUME);
        const end = data.indexOf(0x22, from + RESUME.length);
        const token = data.toString('latin1', from + RESUME.length, end);
        const position = Number(token.slice(token.lastIndexOf('.') + 1));
        client.resume = token;
        if (position <= client.position) client.missed++; // a position twice
        client.position = position;
        deltas++;
        if (data.includes(CONFLATED, end)) conflated++;
        if (arrivals) {
          let list = arrivals.get(position);
          if (!list) arrivals.set(position, (list = []));
          list.push(at);
        }
        return;
      }
      const m = JSON.parse(data.toString('utf8')) as { type: string; resume?: string; resumed?: boolean };
      if (m.type === 'hello') {
        ws.send(JSON.stringify({ op: 'subscribe', live: true, ...(resume ? { resume } : {}) }));
        if (!resume) client.resume = m.resume;
      } else if (m.type === 'subscribed') {
        if (resume) client.resumedOk = m.resumed === true;
        resolve();
      } else if (m.type === 'resync') {
        client.missed++;
      }
    });
    ws.once('error', reject);
  });
}

async function connect(url: string, origin: string, count: number): Promise<void> {
  // In waves, so the accept queue is not the thing measured.
  for (let i = 0; i < count; i += 200) {
    const wave: Promise<void>[] = [];
    for (let j = i; j < Math.min(count, i + 200); j++) {
      const client: Client = {
        ws: undefined as unknown as WebSocket,
        resume: undefined,
        position: 0,
        resumedOk: undefined,
        missed: 0,
      };
      clients.push(client);
      wave.push(open(url, origin, client));
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
        await connect(command.url, command.origin, command.count);
        send({ op: 'connected', ms: now() - t0, clients: clients.length });
      } else if (command.op === 'measure') {
        arrivals = new Map();
        deltas = conflated = bytes = 0;
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
        for (const c of storm) c.ws.terminate();
        await Promise.all(
          storm.map((c) => {
            c.resumedOk = undefined;
            return open(command.url, command.origin, c, c.resume);
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
        });
      } else if (command.op === 'close') {
        for (const c of clients) c.ws.terminate();
        send({ op: 'closed' });
        setTimeout(() => process.exit(0), 50);
      }
    } catch (err) {
      send({ op: 'error', message: String(err) });
    }
  })();
});
send({ op: 'ready' });
