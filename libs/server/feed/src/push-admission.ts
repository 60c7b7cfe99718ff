import { ApiError } from '@tessera/server/api-errors';
import type { BrandSummary } from '@tessera/server/brand-registry';
import { isDevelopmentHost, normaliseHost } from '@tessera/server/site-config';

/** Open live-feed connections one client address may hold unless configured otherwise (PUSH_CONNECTIONS_PER_ADDRESS). */
export const PUSH_CONNECTIONS_PER_ADDRESS = 20;

/** What {@link PushAdmission} needs to know about the server. */
export interface PushAdmissionOptions {
  /** Open connections one address may hold; more are refused with 429. */
  connectionsPerAddress: number;
  /** Outside production a page may also connect from the address it was served from, whatever the host. */
  production: boolean;
}

/** What the admission reads of a WebSocket handshake; a Fastify request is one. */
export interface PushHandshake {
  readonly ip: string;
  readonly host: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The brand apps/api chose for the request (Host, or the development override). */
  readonly brandSelection: { kind: 'found'; brand: Pick<BrandSummary, 'domains'> } | { kind: 'not-found' };
  /** The connection under the handshake: its close ends the count. */
  readonly raw: { readonly socket: { once(event: 'close', listener: () => void): unknown } };
}

function parseOrigin(value: string): { origin: string; hostname: string } | undefined {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : { origin: url.origin, hostname: url.hostname };
  } catch {
    return undefined;
  }
}

/**
 * Who may open the live push channel (WebSocket). Browsers send the page's Origin with every WebSocket handshake and
 * cookies ride along, so a page of another site could otherwise follow a bettor's channel (cross-site WebSocket
 * hijacking); and each open socket costs memory, so one address holds a bounded number.
 */
export class PushAdmission {
  private readonly open = new Map<string, number>();

  constructor(private readonly options: PushAdmissionOptions) {}

  /**
   * The origins whose pages may connect for this request: `https://<domain>` of each of the brand's domains, and the
   * request's own origin when it names a development host (the brand override of localhost) or outside production.
   */
  allowedOrigins(request: PushHandshake): Set<string> {
    const allowed = new Set<string>();
    if (request.brandSelection.kind !== 'found') return allowed;
    for (const domain of request.brandSelection.brand.domains) allowed.add(`https://${domain}`);
    const own = (request.host ?? '').toLowerCase();
    if (own && (!this.options.production || isDevelopmentHost(normaliseHost(own)))) {
      allowed.add(`http://${own}`);
      allowed.add(`https://${own}`);
    }
    return allowed;
  }

  /** Refuses the handshake (403) unless its Origin is exactly one of {@link allowedOrigins}. */
  checkOrigin(request: PushHandshake): void {
    const header = request.headers['origin'];
    const parsed = typeof header === 'string' ? parseOrigin(header) : undefined;
    if (!parsed || !this.allowedOrigins(request).has(parsed.origin)) {
      throw new ApiError(403, 'Origin not allowed', { detail: "The live feed is open to the site's own pages only" });
    }
  }

  /**
   * Counts a connection of the request's address until its socket closes; refuses it (429) when the address holds
   * its share already. Counted at the handshake, so simultaneous handshakes cannot overshoot.
   */
  admit(request: PushHandshake): void {
    const address = request.ip;
    const count = this.open.get(address) ?? 0;
    if (count >= this.options.connectionsPerAddress) {
      throw new ApiError(429, 'Too many live connections', {
        detail: `At most ${this.options.connectionsPerAddress} from one address`,
      });
    }
    this.open.set(address, count + 1);
    request.raw.socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
  }

  /** Open connections of an address (tests, health). */
  connectionsOf(address: string): number {
    return this.open.get(address) ?? 0;
  }
}
