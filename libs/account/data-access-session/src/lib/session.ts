import type { SessionResponse } from '@tessera/shared/contract-api';

/** The signed-in person as the shell needs them: account id and the name shown (schemas/api/auth/session-response). */
export type SessionUser = NonNullable<SessionResponse['user']>;

/** A visitor who has not signed in. */
export interface GuestSession {
  status: 'guest';
}

/** A signed-in visitor. */
export interface AuthorisedSession {
  status: 'authorised';
  user: SessionUser;
}

/** Spec section 6 knows two roles only: guest and authorised user. The server decides which and passes it in. */
export type Session = GuestSession | AuthorisedSession;

/** The session of every visitor until login exists (a later issue): a guest. */
export const GUEST_SESSION: GuestSession = Object.freeze({ status: 'guest' });

/** True when the visitor is signed in. */
export function isAuthorised(session: Session): session is AuthorisedSession {
  return session.status === 'authorised';
}

/** The authorised-only check of spec sections 6 and 8: a guest gets `filterAuthorized: access denied`. */
export function filterAuthorized(session: Session): SessionUser {
  if (!isAuthorised(session)) throw new Error('filterAuthorized: access denied');
  return session.user;
}

/** Accepts only a well-formed session from untrusted input (the embedded page payload); anything else is a guest. */
export function parseSession(input: unknown): Session {
  if (input && typeof input === 'object' && (input as { status?: unknown }).status === 'authorised') {
    const user = (input as { user?: unknown }).user as Partial<SessionUser> | undefined;
    if (user && typeof user.id === 'string' && typeof user.displayName === 'string') {
      return { status: 'authorised', user: { id: user.id, displayName: user.displayName } };
    }
  }
  return GUEST_SESSION;
}

/**
 * The person's own name to greet them with, or undefined when the account has none: the server falls back to the
 * account number for `displayName` (one-click and phone registrations ask for no name), and "Welcome, 4711093" greets
 * nobody. Callers show a friendly greeting without a name then.
 */
export function personalName(user: SessionUser): string | undefined {
  const name = user.displayName.trim();
  return name && name !== user.id ? name : undefined;
}
