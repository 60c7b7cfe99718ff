import { parsePointer } from '@tessera/shared/util-config';

/**
 * Settings the platform itself cannot honour on this server, whatever the brand's files say (ADR 0140): a brand offers
 * VIP bets, but no trading desk is connected; a brand offers deposits, but no payment provider is configured. The site
 * receives the setting switched off, so a bettor is never offered what will only be refused, and the explain call names
 * the platform and the reason instead of the brand file.
 */
export interface PlatformOverride {
  /** JSON pointer of the setting in the site configuration (`/coupon/features/vipBet`). */
  pointer: string;
  /** The value the platform forces. */
  value: unknown;
  /** Why, in words an operator or compliance officer acts on. */
  reason: string;
}

/** What this server has: the services whose absence switches settings off. */
export interface PlatformServices {
  vipDesk: boolean;
  payments: boolean;
}

/** The overrides that follow from the services this server lacks. */
export function platformOverrides(services: PlatformServices): PlatformOverride[] {
  const overrides: PlatformOverride[] = [];
  if (!services.vipDesk) {
    overrides.push({ pointer: '/coupon/features/vipBet', value: false, reason: 'no trading desk is connected to this server, so VIP bets cannot be decided' });
  }
  if (!services.payments) {
    overrides.push({ pointer: '/office/pages/deposit/enabled', value: false, reason: 'no payment provider is configured on this server, so deposits cannot be taken' });
  }
  return overrides;
}

/**
 * The configuration with the overrides applied, copying only the objects on each override's path (the resolved
 * configuration is shared and cached, and stays untouched). An override whose path the configuration lacks is skipped:
 * there is nothing to switch off.
 */
export function applyOverrides<T extends object>(config: T, overrides: readonly PlatformOverride[]): T {
  let result: Record<string, unknown> = config as Record<string, unknown>;
  for (const override of overrides) {
    const path = parsePointer(override.pointer);
    const last = path.pop();
    if (last === undefined) continue;
    const copy: Record<string, unknown> = { ...result };
    let from: Record<string, unknown> = result;
    let into = copy;
    let present = true;
    for (const key of path) {
      const next = from[key];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) {
        present = false;
        break;
      }
      const nextCopy = { ...(next as Record<string, unknown>) };
      into[key] = nextCopy;
      into = nextCopy;
      from = next as Record<string, unknown>;
    }
    if (!present || !(last in from)) continue;
    into[last] = override.value;
    result = copy;
  }
  return result as T;
}

/** The override that decides the value at `pointer`: one set at the pointer or above it. */
export function overrideAt(overrides: readonly PlatformOverride[], pointer: string): PlatformOverride | undefined {
  return overrides.find((o) => pointer === o.pointer || pointer.startsWith(`${o.pointer}/`));
}
