/** Props of the unit configuration modal (tabs of spec 000 §2), opened from the unit detail. */
export interface UnitConfigModalProps {
  readonly unitId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** Placeholder until the unit configuration lands (issue 6). */
export default function UnitConfigModal({ opened }: UnitConfigModalProps) {
  return opened ? <div data-testid="unit-config" /> : null;
}
