/** The cells of the unit list (one component per column that needs more than text). */
import { memo, useState, useSyncExternalStore } from 'react';
import { Badge, Button, Loader, Tooltip } from '@mantine/core';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
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

type CellTextProps = HTMLAttributes<HTMLElement> & {
  readonly size?: 'xs' | 'sm' | 'md';
  readonly dimmed?: boolean;
  readonly strong?: boolean;
  readonly truncate?: boolean;
  readonly span?: boolean;
  readonly [data: `data-${string}`]: string | number | undefined;
};

/** A cell's text, drawn as Mantine's Text of that size (UnitCells.module.css), without its component's work. */
export function CellText({ size = 'md', dimmed = false, strong = false, truncate = false, span = false, className, ...rest }: CellTextProps) {
  const names = [
    classes.text,
    size === 'md' ? '' : classes[size],
    dimmed ? classes.dimmed : '',
    strong ? classes.strong : '',
    truncate ? classes.truncate : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return span ? <span className={names} {...rest} /> : <p className={names} {...rest} />;
}

export function LocationText({ location }: { location: UnitSummary['location'] }) {
  const { t } = useTranslation();
  if (!location) return <CellText dimmed>{t('common.none')}</CellText>;
  const text = location.address ?? t('units.coordinates', { lat: location.lat.toFixed(4), lng: location.lng.toFixed(4) });
  return (
    <CellText size="sm" truncate title={text}>
      {text}
    </CellText>
  );
}

export function BitrateText({ kbps }: { kbps: number }) {
  const { t } = useTranslation();
  const text = useBitrateText()(kbps);
  return text === null ? <CellText dimmed>{t('common.none')}</CellText> : <CellText size="sm">{text}</CellText>;
}

export function TypeCell({ unit }: { unit: UnitSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <CellText size="sm" truncate>
        {textOr(unit.type)}
      </CellText>
      <CellText size="xs" dimmed truncate>
        {enumLabel(t, 'units.typeGroups', unit.typeGroup)}
      </CellText>
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
  const { t } = useTranslation();
  const icon = unitIcon(unit.status, unit.applications);
  const mark = UNIT_ICON_MARKS[icon];
  const label = t(`units.icon.${icon}`);
  return (
    <CellText
      span
      role="img"
      aria-label={label}
      title={label}
      data-testid={`unit-icon-${unit.uniqueId}`}
      data-icon={icon}
      style={{ color: `var(--mantine-color-${mark.colour}-text)` }}
    >
      {mark.glyph}
    </CellText>
  );
}

/** The unit's icon and status badge; `unit-status-<id>` holds the raw status value for tests and tools. */
export function StatusCell({ unit, transition }: { unit: UnitSummary; transition: TransitionKind | null }) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  return (
    <div className={classes.inline} style={{ gap: 6 }}>
      <UnitIconMark unit={unit} />
      <Badge color={statusColour(unit.status)} variant="light" style={{ flexShrink: 0 }}>
        {unitStatusLabel(t, unit.status)}
      </Badge>
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
    <Badge
      color={count === 0 ? 'gray' : critical ? 'red' : 'yellow'}
      variant={count > 0 ? 'filled' : 'light'}
      data-testid={`unit-alerts-${unit.uniqueId}`}
      data-level={count === 0 ? 'none' : critical ? 'critical' : 'warning'}
    >
      {count}
    </Badge>
  );
}

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** The unit's modified time, subscribed to the times itself: a change renders this cell alone, not its row. */
export function ModifiedCell({ unit, times }: { unit: UnitSummary; times: ModifiedTimes }) {
  const { t, i18n } = useTranslation();
  const at = useSyncExternalStore(times.subscribe, () => times.modifiedAt(unit));
  const unitId = unit.uniqueId;
  if (at === null) {
    return (
      <CellText size="sm" dimmed data-testid={`unit-modified-${unitId}`}>
        {t('common.none')}
      </CellText>
    );
  }
  const text = dateTimeFormat(i18n.language, SHORT_DATE_TIME).format(at);
  return (
    <CellText size="sm" data-testid={`unit-modified-${unitId}`} data-at={at} truncate>
      {text}
    </CellText>
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
  const { t } = useTranslation();
  const id = unit.uniqueId;
  const busy = transition !== null;
  const blocker = startBlocker(unit);
  const startReason = blocker === 'license' ? t('apiErrors.UNIT_VIDEO_LICENSE_INVALID') : blocker === 'camera' ? t('apiErrors.CAMERA_NOT_CONNECTED') : null;
  return (
    <div className={classes.inline} style={{ gap: 'var(--mantine-spacing-xs)' }}>
      <ControlButton reason={startReason}>
        <Button size="compact-sm" color="red" data-testid={`unit-start-${id}`} disabled={busy || blocker !== null} onClick={() => onAction(unit, 'start')}>
          {t('units.actions.start')}
        </Button>
      </ControlButton>
      <Button size="compact-sm" variant="default" data-testid={`unit-stop-${id}`} disabled={busy || !canStop(unit)} onClick={() => onAction(unit, 'stop')}>
        {t('units.actions.stop')}
      </Button>
    </div>
  );
});
