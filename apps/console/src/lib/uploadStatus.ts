/**
 * Upload statuses (spec 000 §3 File: pending, uploading, uploaded, success, failed, rejected) as the
 * file screens and the unit's upload progress dialog read them.
 */
import type { UploadedFileStatus } from '@fleet/contracts';

/** Statuses of an upload still on its way. */
export const OPEN_STATUSES: readonly UploadedFileStatus[] = ['pending', 'uploading'];
/** Statuses of a finished upload (uploaded or success, failed, rejected). */
export const FINISHED_STATUSES: readonly UploadedFileStatus[] = ['uploaded', 'success', 'failed', 'rejected'];

/** The colour of each upload status (spec 000 §3), wherever a status shows. */
export const STATUS_COLOURS = {
  pending: 'gray',
  uploading: 'blue',
  uploaded: 'green',
  success: 'green',
  failed: 'red',
  rejected: 'orange',
} as const satisfies Record<UploadedFileStatus, string>;
