/**
 * A call of the mock's control plane (/mock/trpc) over HTTP in the wire format the console uses,
 * through the stack's own app: the answer's data, or the error's tRPC code and message.
 */
import type { TestStack } from './stack.js';

export interface TrpcAnswer {
  data?: unknown;
  code?: string;
  message?: string;
}

export async function trpc(
  stack: Pick<TestStack, 'app'>,
  cookie: string | null | undefined,
  kind: 'query' | 'mutation',
  procedure: string,
  input?: unknown,
): Promise<TrpcAnswer> {
  const headers = cookie ? { cookie } : {};
  const res =
    kind === 'query'
      ? await stack.app.inject({
          method: 'GET',
          url: `/mock/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await stack.app.inject({
          method: 'POST',
          url: `/mock/trpc/${procedure}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input ?? null),
        });
  const json = res.json() as { result?: { data?: unknown }; error?: { message: string; data?: { code?: string } } };
  if (json.error) return { code: json.error.data?.code ?? String(res.statusCode), message: json.error.message };
  return { data: json.result?.data };
}
