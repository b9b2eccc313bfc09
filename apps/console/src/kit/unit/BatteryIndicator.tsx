import type { TFunction } from 'i18next';
import { describeBattery } from '@fleet/domain';
import type { BatteryColour, BatteryIconLevel, UnitSummary } from '@fleet/contracts';
import { PlainText } from '../../components/plain/Plain';
import classes from './unitParts.module.css';
import { useSharedT } from '../../i18n/sharedT';

const FILL: Record<BatteryIconLevel, number> = { charging: 0.6, charge_100: 1, '100': 1, '50': 0.5, '30': 0.3, '10': 0.1, unknown: 0 };
const COLOUR: Record<BatteryColour, string> = {
  green: 'var(--mantine-color-green-6)',
  yellow: 'var(--mantine-color-yellow-6)',
  red: 'var(--mantine-color-red-6)',
};

/**
 * The battery as spec 000 §4 shows it (level and colour from @fleet/domain), its percentage while connected
 * (whole: a device may report 35.5, which reads as noise and does not fit the list's column), and its label.
 */
export function batteryReading(t: TFunction, battery: UnitSummary['battery']) {
  const { level, colour } = describeBattery(battery ?? { connected: false, charging: false, percentage: null });
  const percentage = battery?.connected && battery.percentage != null ? Math.round(battery.percentage) : null;
  const label =
    level === 'unknown'
      ? t('units.battery.unknown')
      : level === 'charging' || level === 'charge_100'
        ? t('units.battery.charging', { percentage: percentage ?? 0 })
        : t('units.battery.level', { percentage: percentage ?? 0 });
  return { level, colour, percentage, label };
}

/** The battery's level in words, its percentage rounded (unknown without one): a feed tile's and a map popup's. */
export function batteryLevelText(t: TFunction, battery: UnitSummary['battery']): string {
  const { level } = describeBattery(battery ?? { connected: false, charging: false, percentage: null });
  const percentage = battery?.connected && battery.percentage != null ? Math.round(battery.percentage) : null;
  if (level === 'unknown' || percentage === null) return t('units.battery.unknown');
  return level === 'charging' || level === 'charge_100' ? t('units.battery.charging', { percentage }) : t('units.battery.level', { percentage });
}

/** The battery icon of spec 000 §4, drawn as a small SVG (an element, not a component: the list renders one per visible row). */
export function batteryIcon(level: BatteryIconLevel, colour: BatteryColour) {
  return (
    <svg width="26" height="12" viewBox="0 0 26 12" role="img" aria-hidden="true">
      <rect x="0.5" y="0.5" width="21" height="11" rx="2" fill="none" stroke="currentColor" />
      <rect x="22" y="3.5" width="3" height="5" rx="1" fill="currentColor" />
      <rect x="3" y="3" width={Math.round(16 * FILL[level])} height="6" fill={COLOUR[colour]} />
      {(level === 'charging' || level === 'charge_100') && <path d="M12 1 L8 7 H11 L10 11 L14 5 H11 Z" fill="currentColor" />}
      {level === 'unknown' && (
        <text x="11" y="9.5" fontSize="9" textAnchor="middle" fill={COLOUR.red}>
          ?
        </text>
      )}
    </svg>
  );
}

/** Battery icon of spec 000 §4 with its percentage. */
export function BatteryIndicator({ unitId, battery }: { unitId: string; battery: UnitSummary['battery'] }) {
  const { t } = useSharedT();
  const { level, colour, percentage, label } = batteryReading(t, battery);
  return (
    // A native title, not a Tooltip: one battery per visible row, and the list's render budget is tight.
    <div className={classes.battery} data-testid={`unit-battery-${unitId}`} data-level={level} data-colour={colour} aria-label={label} title={label}>
      {batteryIcon(level, colour)}
      {percentage !== null && (
        <PlainText size="xs" dimmed>
          {t('units.battery.percent', { percentage })}
        </PlainText>
      )}
    </div>
  );
}
