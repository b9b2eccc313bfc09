/**
 * The console's tRPC client of the mock's control plane (`<mockBase>/trpc`: /mock/trpc at the root,
 * /sandboxes/<id>/mock/trpc inside a sandbox). Mock only: a real core has no
 * such surface, so only the Simulator panel, the header's clock, the Simulate menus (faults/) and the capability probe (useMockCapabilities) use it, the others only after the probe found the mock.
 * Calls go to the page's own origin with the session cookie, like the REST client's.
 */
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { ApiError } from '../../api/ApiError';
import { mockUrl } from '../../config/runtimeConfig';
import type { ControlPlaneRouter } from './controlPlaneRouter';

/**
 * Where the mock serves its control plane, its recording files and its scenario runs' reports (beside
 * its auth routes), under the runtime configuration's `mockBase`: read when called, after boot loaded it.
 */
export const mockTrpcUrl = (): string => mockUrl('trpc');
export const mockRecordingsUrl = (): string => mockUrl('recordings');
/** A scenario run's JUnit XML report: `${mockScenarioRunsUrl()}/<id>/junit.xml`. */
export const mockScenarioRunsUrl = (): string => mockUrl('scenario-runs');

/** React hooks of the control plane; the page wraps itself in `trpc.Provider` with the app's QueryClient. */
export const trpc = createTRPCReact<ControlPlaneRouter>();

function links() {
  return [httpLink({ url: mockTrpcUrl(), fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })];
}

/** The client the page's Provider holds. */
export function createControlPlaneReactClient() {
  return trpc.createClient({ links: links() });
}

/** A plain client, for the probe in the shell (which must not need the page's Provider). */
export function createControlPlaneClient() {
  return createTRPCClient<ControlPlaneRouter>({ links: links() });
}

/** The text of a failed control-plane call: the core's message (TRPCError), else what the browser said. */
export function controlPlaneErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A failed control-plane call as the console's ApiError, for shared components that show an
 * ApiError's message (ConfirmDeleteModal): the core's message is kept word for word.
 */
export function asApiError(error: unknown): ApiError | null {
  if (error === null || error === undefined) return null;
  const data = error instanceof TRPCClientError ? (error.data as { code?: unknown; httpStatus?: unknown } | undefined) : undefined;
  const status = typeof data?.httpStatus === 'number' ? data.httpStatus : 0;
  const code = typeof data?.code === 'string' ? `TRPC_${data.code}` : 'TRPC_ERROR';
  return new ApiError({ status, code, message: controlPlaneErrorMessage(error) });
}
