/** The cells of the unit list (one component per column that needs more than text). */
import { memo, useState, useSyncExternalStore } from 'react';
import { Badge, Loader, Tooltip } from '@mantine/core';
import { unitIcon, type UnitIcon } from '@fleet/domain';
import type { UnitSummary } from '@fleet/contracts';
import type { Direction, TransitionKind } from '../../lib/transitions/transitions';
import type { ModifiedTimes } from './modifiedTimes';
import { canStop, startBlocker, statusColour } from '../../kit/unit/unitRules';
import { unitStatusLabel } from '../../lib/statusLabels';
import { dateTimeFormat } from '../../lib/dateFormat';
import { useBitrateText } from '../../kit/unit/useBitrateText';
import classes from './UnitCells.module.css';
import { enumLabel, textOr } from '../../lib/tolerant';
import { PlainBadge, PlainButton, PlainText } from '../../components/plain/Plain';
import { useSharedT } from '../../i18n/sharedT';

export function LocationText({ location }: { location: UnitSummary['location'] }) {
  const { t } = useSharedT();
  if (!location) return <PlainText dimmed>{t('common.none')}</PlainText>;
  const text = location.address ?? t('units.coordinates', { lat: location.lat.toFixed(4), lng: location.lng.toFixed(4) });
  return (
    <PlainText size="sm" truncate title={text}>
      {text}
    </PlainText>
  );
}

export function BitrateText({ kbps }: { kbps: number }) {
  const { t } = useSharedT();
  const text = useBitrateText()(kbps);
  return text === null ? <PlainText dimmed>{t('common.none')}</PlainText> : <PlainText size="sm">{text}</PlainText>;
}

export function TypeCell({ unit }: { unit: UnitSummary }) {
  const { t } = useSharedT();
  return (
    <>
      <PlainText size="sm" truncate>
        {textOr(unit.type)}
      </PlainText>
      <PlainText size="xs" dimmed truncate>
        {enumLabel(t, 'units.typeGroups', unit.typeGroup)}
      </PlainText>
    </>
  );
}

/** The five unit icons of spec 000 §4 (offline, upgrading, fetch-logs, busy, online): a glyph and its colour. */
const UNIT_ICON_MARKS: Record<UnitIcon, { readonly glyph: string; readonly colour: string }> = {
  offline: { glyph: '○', colour: 'gray' },
  upgrading: { glyph: '⇪', colour: 'blue' },
  fetchlogs: { glyph: '≣', colour: 'grape' },
  busy: { glyph: '●', colour: 'red' },
  online: { glyph: '●', colour: 'green' },
};

/** The unit's icon (spec 000 §4), named for screen readers and on hover. */
export function UnitIconMark({ unit }: { unit: Pick<UnitSummary, 'uniqueId' | 'status' | 'applications'> }) {
  const { t } = useSharedT();
  const icon = unitIcon(unit.status, unit.applications);
  const mark = UNIT_ICON_MARKS[icon];
  const label = t(`units.icon.${icon}`);
  return (
    <PlainText
      as="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid={`unit-icon-${unit.uniqueId}`}
      data-icon={icon}
      style={{ color: `var(--mantine-color-${mark.colour}-text)` }}
    >
      {mark.glyph}
    </PlainText>
  );
}

/** The unit's icon and status badge; `unit-status-<id>` holds the raw status value for tests and tools. */
export function StatusCell({ unit, transition }: { unit: UnitSummary; transition: TransitionKind | null }) {
  const { t } = useSharedT();
  const id = unit.uniqueId;
  return (
    <div className={`${classes.inline} ${classes.gap6}`}>
      <UnitIconMark unit={unit} />
      <PlainBadge color={statusColour(unit.status)} variant="light" className={classes.fixed}>
        {unitStatusLabel(t, unit.status)}
      </PlainBadge>
      <span className={classes.hidden} data-testid={`unit-status-${id}`} aria-hidden="true">
        {unit.status}
      </span>
      {transition && (
        <Badge color="blue" variant="outline" leftSection={<Loader size={10} />} data-testid={`unit-transition-${id}`} data-transition={transition}>
          {t(`units.transition.${transition}`)}
        </Badge>
      )}
    </div>
  );
}

export function AlertsCell({ unit }: { unit: UnitSummary }) {
  const critical = unit.alerts.some((a) => a.level === 'critical');
  const count = unit.alerts.length;
  return (
    <PlainBadge
      color={count === 0 ? 'gray' : critical ? 'red' : 'yellow'}
      variant={count > 0 ? 'filled' : 'light'}
      data-testid={`unit-alerts-${unit.uniqueId}`}
      data-level={count === 0 ? 'none' : critical ? 'critical' : 'warning'}
    >
      {count}
    </PlainBadge>
  );
}

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** The unit's modified time, subscribed to the times itself: a change renders this cell alone, not its row. */
export function ModifiedCell({ unit, times }: { unit: UnitSummary; times: ModifiedTimes }) {
  const { t, language } = useSharedT();
  const at = useSyncExternalStore(times.subscribe, () => times.modifiedAt(unit));
  const unitId = unit.uniqueId;
  if (at === null) {
    return (
      <PlainText size="sm" dimmed data-testid={`unit-modified-${unitId}`}>
        {t('common.none')}
      </PlainText>
    );
  }
  const text = dateTimeFormat(language, SHORT_DATE_TIME).format(at);
  return (
    <PlainText size="sm" data-testid={`unit-modified-${unitId}`} data-at={at} truncate>
      {text}
    </PlainText>
  );
}

/**
 * A button with the reason it is disabled, if any, as a tooltip (disabled buttons get no hover: the
 * span around it takes it). The tooltip is mounted while the pointer is over the button only: a
 * list draws this on every row that scrolls into view, and a tooltip on each (its positioning and
 * transition) made every drawn row dearer.
 */
function ControlButton({ reason, children }: { reason: string | null; children: React.ReactElement }) {
  const [hovered, setHovered] = useState(false);
  if (reason === null) return children;
  const target = (
    <span onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      {children}
    </span>
  );
  return hovered ? (
    <Tooltip label={reason} opened>
      {target}
    </Tooltip>
  ) : (
    target
  );
}

interface StreamButtonsProps {
  readonly unit: UnitSummary;
  readonly transition: TransitionKind | null;
  readonly onAction: (unit: UnitSummary, action: Direction) => void;
}

/** Start and stop (only rendered for users with a unit-control role). */
export const StreamButtons = memo(function StreamButtons({ unit, transition, onAction }: StreamButtonsProps) {
  const { t } = useSharedT();
  const id = unit.uniqueId;
  const busy = transition !== null;
  const blocker = startBlocker(unit);
  const startReason = blocker === 'license' ? t('apiErrors.UNIT_VIDEO_LICENSE_INVALID') : blocker === 'camera' ? t('apiErrors.CAMERA_NOT_CONNECTED') : null;
  return (
    <div className={`${classes.inline} ${classes.gapXs}`}>
      <ControlButton reason={startReason}>
        <PlainButton size="compact-sm" color="red" data-testid={`unit-start-${id}`} disabled={busy || blocker !== null} onClick={() => onAction(unit, 'start')}>
          {t('units.actions.start')}
        </PlainButton>
      </ControlButton>
      <PlainButton size="compact-sm" variant="default" data-testid={`unit-stop-${id}`} disabled={busy || !canStop(unit)} onClick={() => onAction(unit, 'stop')}>
        {t('units.actions.stop')}
      </PlainButton>
    </div>
  );
});
