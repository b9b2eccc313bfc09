/** Props of the unit detail panel (tabs of spec 000 §2) the unit list shows for the selected unit. */
export interface UnitDetailPanelProps {
  readonly unitId: string;
  /** Closes the panel (the list clears its selection). */
  readonly onClose: () => void;
}

/** Placeholder until the unit detail lands (issue 6). */
export default function UnitDetailPanel({ unitId }: UnitDetailPanelProps) {
  return <div data-testid="unit-detail" data-unit-id={unitId} />;
}
