import type { UnitDialogProps } from './types';

/** Placeholder until the GuestInvite dialog lands (issue 6). */
export default function GuestInviteDialog({ opened }: UnitDialogProps) {
  return opened ? <div data-testid="dialog-placeholder" /> : null;
}
