import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

interface SessionControl {
  /** The first-load redirect to the saved route has been decided (spec 000 §2). */
  readonly initialRouteApplied: boolean;
  readonly markInitialRouteApplied: () => void;
  /** Forget the session (log-out, session expiry): the next load applies the saved route again. */
  readonly resetSession: () => void;
}

const SessionContext = createContext<SessionControl | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [initialRouteApplied, setApplied] = useState(false);
  const markInitialRouteApplied = useCallback(() => setApplied(true), []);
  const resetSession = useCallback(() => setApplied(false), []);
  const value = useMemo(
    () => ({ initialRouteApplied, markInitialRouteApplied, resetSession }),
    [initialRouteApplied, markInitialRouteApplied, resetSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionControl(): SessionControl {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionControl must be used inside <SessionProvider>');
  return value;
}
