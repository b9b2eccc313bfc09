import { memo } from 'react';
import { Badge, Button, Group, Loader, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBitrate } from '@fleet/domain';
import type { UnitSummary } from '@fleet/contracts';
import { BatteryIndicator } from './BatteryIndicator';
import { canStop, startBlocker, statusColour } from './unitRules';
import type { StreamAction, TransitionKind } from './unitRules';

interface UnitRowProps {
  readonly unit: UnitSummary;
  readonly transition: TransitionKind | null;
  /** The user holds a unit-control role. */
  readonly canControl: boolean;
  readonly onAction: (unit: UnitSummary, action: StreamAction) => void;
}

function Location({ location }: { location: UnitSummary['location'] }) {
  const { t } = useTranslation();
  if (!location) return <Text c="dimmed">{t('common.none')}</Text>;
  if (location.address) return <Text size="sm">{location.address}</Text>;
  return <Text size="sm">{t('units.coordinates', { lat: location.lat.toFixed(4), lng: location.lng.toFixed(4) })}</Text>;
}

function Bitrate({ kbps }: { kbps: number }) {
  const { t } = useTranslation();
  const formatted = formatBitrate(kbps);
  if (!formatted) return <Text c="dimmed">{t('common.none')}</Text>;
  return <Text size="sm">{formatted.unit === 'Mbps' ? t('units.bitrate.mbps', { value: formatted.value }) : t('units.bitrate.kbps', { value: formatted.value })}</Text>;
}

/** A button with the reason it is disabled, if any, as a tooltip (disabled buttons get no hover). */
function ControlButton({ reason, children }: { reason: string | null; children: React.ReactElement }) {
  if (reason === null) return children;
  return (
    <Tooltip label={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** One unit of the list. `unit-status-<id>` holds the raw status value; the badge shows its label. */
export const UnitRow = memo(function UnitRow({ unit, transition, canControl, onAction }: UnitRowProps) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  const busy = transition !== null;
  const blocker = startBlocker(unit);
  const notForUser = canControl ? null : t('permissions.notAvailableForUserType');
  const startReason =
    notForUser ?? (blocker === 'license' ? t('apiErrors.UNIT_VIDEO_LICENSE_INVALID') : blocker === 'camera' ? t('apiErrors.CAMERA_NOT_CONNECTED') : null);
  return (
    <Table.Tr data-testid={`unit-row-${id}`} data-status={unit.status}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {unit.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{unit.type}</Text>
        <Text size="xs" c="dimmed">
          {t(`units.typeGroups.${unit.typeGroup}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge color={statusColour(unit.status)} variant="light">
            {t(`units.status.${unit.status}`)}
          </Badge>
          {/* For tests and tools: the raw status value (the badge shows its translated label). */}
          <VisuallyHidden data-testid={`unit-status-${id}`} aria-hidden="true">
            {unit.status}
          </VisuallyHidden>
          {transition && (
            <Badge color="blue" variant="outline" leftSection={<Loader size={10} />} data-testid={`unit-transition-${id}`} data-transition={transition}>
              {t(`units.transition.${transition}`)}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <BatteryIndicator unitId={id} battery={unit.battery} />
      </Table.Td>
      <Table.Td data-testid={`unit-bitrate-${id}`}>
        <Bitrate kbps={unit.totalBitrate} />
      </Table.Td>
      <Table.Td>
        <Location location={unit.location} />
      </Table.Td>
      <Table.Td>
        <Badge color={unit.alerts.length > 0 ? 'red' : 'gray'} variant={unit.alerts.length > 0 ? 'filled' : 'light'} data-testid={`unit-alerts-${id}`}>
          {unit.alerts.length}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <ControlButton reason={startReason}>
            <Button
              size="compact-sm"
              color="red"
              data-testid={`unit-start-${id}`}
              disabled={!canControl || busy || blocker !== null}
              onClick={() => onAction(unit, 'start')}
            >
              {t('units.actions.start')}
            </Button>
          </ControlButton>
          <ControlButton reason={notForUser}>
            <Button
              size="compact-sm"
              variant="default"
              data-testid={`unit-stop-${id}`}
              disabled={!canControl || busy || !canStop(unit)}
              onClick={() => onAction(unit, 'stop')}
            >
              {t('units.actions.stop')}
            </Button>
          </ControlButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});
