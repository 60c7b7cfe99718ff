import { createHmac } from 'node:crypto';

/** The wallet calls the provider makes (the platform's seamless wallet, ADR 0345). */
export type WalletAction = 'balance' | 'bet' | 'win' | 'rollback';

/**
 * A misbehaviour of the network between provider and platform, applied to the next `times` attempts of `action`:
 * - `drop-request`: the request never reaches the platform (the attempt times out);
 * - `drop-answer`: the platform gets and applies the request, the answer is lost (the attempt times out);
 * - `duplicate`: the request is delivered twice at once (the first answer is used);
 * - `delay`: the request leaves `ms` late (an attempt times out when that is past the timeout, and is not sent then);
 * - `late`: the attempt is given up at once, and the request still reaches the platform `ms` later.
 */
export interface Fault {
  action: WalletAction;
  mode: 'drop-request' | 'drop-answer' | 'duplicate' | 'delay' | 'late';
  times: number;
  ms: number;
}

/** One attempt as the provider saw it (the dev log tests read). */
export interface Attempt {
  action: WalletAction;
  transactionId: string | undefined;
  attempt: number;
  fault: Fault['mode'] | undefined;
  /** What came back: the platform's status and code, or `timeout`. */
  outcome: string;
  at: string;
}

/** What a delivery ended with: an answer (OK or a final ERROR), or none after every attempt. */
export type Delivery =
  { kind: 'answered'; status: number; body: Record<string, unknown> } | { kind: 'unanswered'; attempts: number };

export interface PlatformClientOptions {
  /** The platform's base URL for callbacks, e.g. http://127.0.0.1:4200. */
  platformUrl: string;
  slug: string;
  secret: string;
  /** One attempt's timeout; default 3 s. */
  timeoutMs: number;
  /** Attempts per delivery (the first and the retries, all with the same transaction id); default 3. */
  attempts: number;
  /** Wait before retry n (1-based): backoffMs × 2^(n−1). */
  backoffMs: number;
  log?: (line: string) => void;
}

/** `200 OK`, `200 OK duplicate`, `409 BET_ROLLED_BACK`: what the dev log shows of an answer. */
function describe(answer: { status: number; body: Record<string, unknown> }): string {
  const code = String(answer.body['code'] ?? answer.body['status']);
  return `${answer.status} ${code}${answer.body['duplicate'] === true ? ' duplicate' : ''}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as the platform's documentation says (ADR 0345). */
export function sign(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * Delivers wallet calls to the platform like a real provider: signed, with a timeout per attempt, retried with the
 * same body (so the same transaction id) on a timeout, a network failure or an answer marked `retry`, and subject to
 * the faults it was told to simulate.
 */
export class PlatformClient {
  private faults: Fault[] = [];
  readonly attempts: Attempt[] = [];

  constructor(private readonly options: PlatformClientOptions) {}

  setFaults(faults: Fault[]): void {
    this.faults = faults.map((f) => ({ ...f }));
  }

  currentFaults(): Fault[] {
    return this.faults.filter((f) => f.times > 0).map((f) => ({ ...f }));
  }

  private takeFault(action: WalletAction): Fault | undefined {
    const fault = this.faults.find((f) => f.action === action && f.times > 0);
    if (fault) fault.times -= 1;
    return fault;
  }

  private record(entry: Omit<Attempt, 'at'>): void {
    this.attempts.push({ ...entry, at: new Date().toISOString() });
    if (this.attempts.length > 2000) this.attempts.splice(0, this.attempts.length - 2000);
    this.options.log?.(
      `${entry.action} ${entry.transactionId ?? '-'} #${entry.attempt}${entry.fault ? ` [${entry.fault}]` : ''}: ${entry.outcome}`,
    );
  }

  /** One POST with a timeout; undefined when no answer came in time. */
  private async send(
    action: WalletAction,
    text: string,
    timeoutMs: number,
  ): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(`${this.options.platformUrl}/casino-provider-api/${this.options.slug}/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-casino-signature': sign(this.options.secret, text, new Date()),
        },
        body: text,
        signal: controller.signal,
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      return { status: response.status, body };
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends `body` to the platform's `action` until it is answered or the attempts run out. */
  async deliver(action: WalletAction, body: Record<string, unknown>): Promise<Delivery> {
    const text = JSON.stringify(body);
    const transactionId = typeof body['transactionId'] === 'string' ? body['transactionId'] : undefined;
    const { attempts, timeoutMs, backoffMs } = this.options;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
      const fault = this.takeFault(action);
      let answer: { status: number; body: Record<string, unknown> } | undefined;
      if (fault?.mode === 'drop-request') {
        answer = undefined;
      } else if (fault?.mode === 'late') {
        // Given up now; the network still carries it to the platform later.
        setTimeout(() => {
          void this.send(action, text, timeoutMs).then((late) =>
            this.record({
              action,
              transactionId,
              attempt,
              fault: 'late',
              outcome: late ? `late answer ${describe(late)}` : 'late timeout',
            }),
          );
        }, fault.ms);
        answer = undefined;
      } else if (fault?.mode === 'delay') {
        if (fault.ms >= timeoutMs) {
          await sleep(timeoutMs);
          answer = undefined;
        } else {
          await sleep(fault.ms);
          answer = await this.send(action, text, timeoutMs - fault.ms);
        }
      } else if (fault?.mode === 'duplicate') {
        const [first] = await Promise.all([this.send(action, text, timeoutMs), this.send(action, text, timeoutMs)]);
        answer = first;
      } else {
        answer = await this.send(action, text, timeoutMs);
        if (fault?.mode === 'drop-answer') answer = undefined;
      }
      const retry = answer !== undefined && answer.body['retry'] === true;
      this.record({
        action,
        transactionId,
        attempt,
        fault: fault?.mode,
        outcome: answer ? describe(answer) : 'timeout',
      });
      if (answer && !retry) return { kind: 'answered', ...answer };
    }
    return { kind: 'unanswered', attempts };
  }
}
