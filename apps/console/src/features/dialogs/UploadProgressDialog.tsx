import type { UnitDialogProps } from './types';

/** Placeholder until the UploadProgress dialog lands (issue 6). */
export default function UploadProgressDialog({ opened }: UnitDialogProps) {
  return opened ? <div data-testid="dialog-placeholder" /> : null;
}
