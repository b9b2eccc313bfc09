/** What every unit dialog (speed test, upload progress, send logs, AI session, guest invite) takes. */
export interface UnitDialogProps {
  readonly unitId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
}
