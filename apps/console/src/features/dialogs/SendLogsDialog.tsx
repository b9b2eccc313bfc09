import type { UnitDialogProps } from './types';

/** Placeholder until the SendLogs dialog lands (issue 6). */
export default function SendLogsDialog({ opened }: UnitDialogProps) {
  return opened ? <div data-testid="dialog-placeholder" /> : null;
}
