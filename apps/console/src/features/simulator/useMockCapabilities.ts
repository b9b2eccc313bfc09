/**
 * The capability probe: whether the console talks to the mock (whose control plane answers
 * `capabilities` with `{ mock: true }`). A real core has no /mock/trpc, so the probe fails there and
 * the Simulator panel stays hidden and unreachable. Asked once per page load: the answer cannot
 * change while the console runs against the same core.
 */
import { useQuery } from '@tanstack/react-query';
import { GLOBAL_SCOPE_ROLES, hasAnyRole } from '@fleet/contracts';
import { useUserRoles } from '../../kit/access';
import { firstIdle } from '../../lib/firstIdle';
import type { createControlPlaneClient } from './trpc';

export const MOCK_CAPABILITIES_KEY = ['mock', 'capabilities'] as const;

/**
 * The control plane's client, its code (tRPC) loaded on first use: the probe runs in the console's
 * frame, which should not carry a mock-only client to every visitor's first page.
 */
export async function askControlPlane<T>(call: (client: ReturnType<typeof createControlPlaneClient>) => Promise<T>): Promise<T> {
  const trpc = await import('./trpc');
  return call(trpc.createControlPlaneClient());
}

/** What a probe answer means: only an explicit `mock: true` counts (a real core's 404 page, HTML or an error do not). */
export function isMockAnswer(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { mock?: unknown }).mock === true;
}

/** The control plane's own answer, asked once the page is first idle: nothing on the first screen waits for it. */
async function askCapabilities(): Promise<unknown> {
  await firstIdle();
  return askControlPlane((client) => client.capabilities.query());
}

/** Runs the probe; never throws (a failure means "not the mock"). */
export async function probeMock(query: () => Promise<unknown> = askCapabilities): Promise<boolean> {
  try {
    return isMockAnswer(await query());
  } catch {
    return false;
  }
}

/**
 * `mock` is true once the probe answered; false while it runs and when it failed. `enabled: false`
 * (a user who could not open the panel anyway) asks nothing, so a real core never sees the probe
 * from them.
 */
export function useMockCapabilities(enabled = true): { readonly mock: boolean; readonly pending: boolean } {
  const probe = useQuery({
    queryKey: MOCK_CAPABILITIES_KEY,
    queryFn: () => probeMock(),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { mock: probe.data === true, pending: probe.isPending };
}

/**
 * Whether this user sees the Simulate menus: the mock answered the probe and the user runs it. Kept
 * apart from the fault kinds (faults/), whose schemas a page should load only with its first menu.
 */
export function useCanSimulate(): boolean {
  const allowed = hasAnyRole(useUserRoles(), GLOBAL_SCOPE_ROLES);
  const { mock } = useMockCapabilities(allowed);
  return allowed && mock;
}
