import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

interface SessionControl {
  /** The first-load redirect to the saved route has been decided (spec 000 §2). */
  readonly initialRouteApplied: boolean;
  /**
   * The location (its router key) the first-load redirect leaves, while the router has not shown the
   * saved route yet: its page is not rendered (it could navigate on its own and win over the redirect).
   */
  readonly redirectingFrom: string | null;
  /** Marks the redirect decided; `leaving`: the key of the location a redirect leaves. */
  readonly markInitialRouteApplied: (leaving?: string) => void;
  /** Forget the session (log-out, session expiry): the next load applies the saved route again. */
  readonly resetSession: () => void;
}

const SessionContext = createContext<SessionControl | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ applied: boolean; leaving: string | null }>({ applied: false, leaving: null });
  const markInitialRouteApplied = useCallback((leaving?: string) => setState({ applied: true, leaving: leaving ?? null }), []);
  const resetSession = useCallback(() => setState({ applied: false, leaving: null }), []);
  const value = useMemo(
    () => ({ initialRouteApplied: state.applied, redirectingFrom: state.leaving, markInitialRouteApplied, resetSession }),
    [state, markInitialRouteApplied, resetSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionControl(): SessionControl {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionControl must be used inside <SessionProvider>');
  return value;
}
