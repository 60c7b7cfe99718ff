/** Who is asked about: what a national register matches on (GAMSTOP: name, date of birth, postcode, e-mail, phone). */
export interface RegisterIdentity {
  firstName: string | null;
  lastName: string | null;
  /** yyyy-mm-dd */
  birthDate: string | null;
  postcode: string | null;
  email: string | null;
  phone: string | null;
}

/** A register's answer: listed (with the end of the exclusion, null when open-ended) or not. */
export type RegisterAnswer = { listed: false } | { listed: true; until: string | null };

/** A national self-exclusion register (GAMSTOP, OASIS): asked at registration and sign-in. */
export interface ExclusionRegister {
  readonly id: string;
  /** Throws {@link RegisterUnavailableError} when it fails; the caller bounds the wait. */
  check(identity: RegisterIdentity, signal: AbortSignal): Promise<RegisterAnswer>;
}

/** The register failed or did not answer in time. */
export class RegisterUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegisterUnavailableError';
  }
}

/** One of the sandbox register's test identities (README, "Sandbox register"). */
export interface SandboxListing {
  firstName: string;
  lastName: string;
  birthDate: string;
  postcode?: string;
  email?: string;
  until: string | null;
}

/** The test identities the sandbox register holds: listed people, and names that make it fail or hang. */
export const SANDBOX_REGISTER_LISTINGS: readonly SandboxListing[] = [
  { firstName: 'Sam', lastName: 'Excluded', birthDate: '1985-03-14', postcode: 'SW1A 1AA', until: null },
  {
    firstName: 'Alex',
    lastName: 'Listed',
    birthDate: '1990-07-01',
    email: 'listed@register.test',
    until: '2031-01-01',
  },
  { firstName: 'Jana', lastName: 'Gesperrt', birthDate: '1979-11-30', postcode: '10115', until: null },
];

/** Last names that make the sandbox fail at once, or never answer (the caller's timeout applies). */
export const SANDBOX_REGISTER_FAILURES = { fail: 'Registerdown', hang: 'Registerslow' } as const;

const norm = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s-]+/g, '');

/**
 * The development register: matches like a real one (name and date of birth, optionally the postcode; or the
 * e-mail), fails for the surname "Registerdown" and never answers for "Registerslow" (until aborted).
 */
export class SandboxExclusionRegister implements ExclusionRegister {
  readonly id = 'sandbox';

  constructor(private readonly listings: readonly SandboxListing[] = SANDBOX_REGISTER_LISTINGS) {}

  async check(identity: RegisterIdentity, signal: AbortSignal): Promise<RegisterAnswer> {
    const last = norm(identity.lastName);
    if (last === norm(SANDBOX_REGISTER_FAILURES.fail)) throw new RegisterUnavailableError('sandbox register: failed');
    if (last === norm(SANDBOX_REGISTER_FAILURES.hang)) {
      await new Promise<never>((_, reject) => {
        const timer = setTimeout(() => reject(new RegisterUnavailableError('sandbox register: no answer')), 60_000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new RegisterUnavailableError('sandbox register: aborted'));
        });
      });
    }
    for (const l of this.listings) {
      const byName =
        norm(l.firstName) === norm(identity.firstName) &&
        norm(l.lastName) === last &&
        l.birthDate === identity.birthDate &&
        (!l.postcode || !identity.postcode || norm(l.postcode) === norm(identity.postcode));
      const byEmail = l.email !== undefined && norm(l.email) === norm(identity.email);
      if (byName || byEmail) return { listed: true, until: l.until };
    }
    return { listed: false };
  }
}

/** Asks the register, bounded by `timeoutMs`: a hang or a failure is {@link RegisterUnavailableError}. */
export async function askRegister(
  register: ExclusionRegister,
  identity: RegisterIdentity,
  timeoutMs: number,
): Promise<RegisterAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await Promise.race([
      register.check(identity, controller.signal),
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () =>
          reject(new RegisterUnavailableError(`register ${register.id}: no answer in ${timeoutMs} ms`)),
        ),
      ),
    ]);
  } catch (error) {
    if (error instanceof RegisterUnavailableError) throw error;
    throw new RegisterUnavailableError(`register ${register.id}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
