/**
 * The JSON columns of RemoteAction rows: what the action was asked with (`params`) and what the
 * device answered (`result`). Support cases opened by sending logs (modules/remote-actions/support-cases.ts)
 * write `params.description`; remote actions write `params.reason` and, for a support access, the
 * access approval it opened.
 */
import { z } from 'zod';
import { jsonColumn, lenient } from '../../platform/storage/json-column.js';

export const remoteActionParams = jsonColumn(
  z.looseObject({
    reason: lenient(z.string()),
    description: lenient(z.string()),
    accessApprovalId: lenient(z.string()),
  }),
  () => ({}),
);
