import type { UnitDialogProps } from './types';

/** Placeholder until the SpeedTest dialog lands (issue 6). */
export default function SpeedTestDialog({ opened }: UnitDialogProps) {
  return opened ? <div data-testid="dialog-placeholder" /> : null;
}
