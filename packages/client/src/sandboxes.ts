/**
 * Sandboxes from a script or a test suite (the mock's control plane, `/mock/api/sandbox/*`): make one,
 * list them, remove one. A sandbox's `url` is its origin and base: sign in and call its API as a
 * core of its own (`signInToMock(sandbox.url, …)`, `createClient({ baseUrl: sandbox.url, … })`).
 *
 * ```ts
 * const staff = await signInToMock(stackUrl, 'super_user', 'Demo-pass-1');
 * const sandboxes = createSandboxes({ baseUrl: stackUrl, headers: { cookie: staff } });
 * const sandbox = await sandboxes.create({ name: 'QA run', seed: 42 });
 * // … tests against sandbox.url …
 * await sandboxes.remove(sandbox.id);
 * ```
 */
import { SandboxView, type SandboxCreateInput } from '@fleet/contracts';
import { z } from 'zod';
import { ApiError } from './ApiError.js';
import { errorFromResponse, joinUrl } from './request.js';

/** A sandbox as the stack describes it, with the address of its base on the stack's origin. */
export type Sandbox = SandboxView & {
  /** Its origin and base (`http://127.0.0.1:8080/sandboxes/k3v9x2mq7a`): a core's base URL. */
  readonly url: string;
};

export interface SandboxesOptions {
  /** The stack's origin (`http://127.0.0.1:8080`). */
  readonly baseUrl: string;
  /** A session of super_user or staff on the stack (`cookie: fleet_session=…`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetchImpl?: typeof fetch;
}

export interface Sandboxes {
  create(input?: SandboxCreateInput): Promise<Sandbox>;
  list(): Promise<Sandbox[]>;
  /** Removes it at once (its sockets close; its base answers 404 after). */
  remove(id: string): Promise<void>;
}

export function createSandboxes(options: SandboxesOptions): Sandboxes {
  const fetchImpl = options.fetchImpl ?? fetch;
  const origin = new URL(options.baseUrl).origin;
  const withUrl = (view: SandboxView): Sandbox => ({ ...view, url: joinUrl(options.baseUrl, view.base) });
  const call = async <T>(method: 'GET' | 'POST', procedure: string, schema: z.ZodType<T>, body?: unknown): Promise<T> => {
    const res = await fetchImpl(joinUrl(options.baseUrl, `/mock/api/sandbox/${procedure}`), {
      method,
      headers: { accept: 'application/json', origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw await errorFromResponse(res);
    const parsed = schema.safeParse(await res.json());
    if (!parsed.success)
      throw new ApiError({ status: res.status, code: 'INVALID_RESPONSE', message: `sandbox.${procedure} answered what its schema does not allow` });
    return parsed.data;
  };
  return {
    create: async (input = {}) => withUrl(await call('POST', 'create', SandboxView, input)),
    list: async () => (await call('GET', 'list', z.array(SandboxView))).map(withUrl),
    remove: async (id) => {
      await call('POST', 'remove', z.object({ removed: z.string() }), { id });
    },
  };
}
