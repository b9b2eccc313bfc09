import type { UnitDialogProps } from './types';

/** Placeholder until the AiSession dialog lands (issue 6). */
export default function AiSessionDialog({ opened }: UnitDialogProps) {
  return opened ? <div data-testid="dialog-placeholder" /> : null;
}
