import { createContext, type ReactNode, useContext } from 'react';
import { GUEST_SESSION, type Session } from './session';

const SessionContext = createContext<Session>(GUEST_SESSION);

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  /** The session the server decided for this request (a guest until login exists). */
  session: Session;
  children?: ReactNode;
}

/** Provides the visitor's session to everything below. */
export function SessionProvider({ session, children }: SessionProviderProps) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The visitor's session; a guest when no provider is present. */
export function useSession(): Session {
  return useContext(SessionContext);
}
