import type { ErrorEnvelope } from '@fleet/contracts';

export type ApiErrorField = NonNullable<ErrorEnvelope['error']['fields']>[number];

/** Codes the client itself raises when no error envelope came back. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  /** No answer within the call's timeout (timeouts.ts). */
  timeout: 'TIMEOUT',
  invalidResponse: 'INVALID_RESPONSE',
  unexpected: 'UNEXPECTED_ERROR',
} as const;

/** A failed call: the HTTP status (0 when the request never got an answer) and the error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: readonly ApiErrorField[];
  readonly deviceCode: number | undefined;

  constructor(init: { status: number; code: string; message: string; fields?: readonly ApiErrorField[]; deviceCode?: number | undefined }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.deviceCode = init.deviceCode;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
