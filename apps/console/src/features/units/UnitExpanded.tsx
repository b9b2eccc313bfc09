/** A unit's expanded row: modems (from the unit detail, kept live by /ws), battery, location, groups, modes, alerts. */
import { Badge, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { modemUiState } from '@fleet/domain';
import type { Modem, UnitSummary } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { BatteryIndicator } from '../../kit/unit/BatteryIndicator';
import { UnitGroupsText } from './expandedGroups';
import { useBitrateText } from '../../kit/unit/useBitrateText';
import { LocationText } from './UnitCells';
import { MutedText } from '../../kit/MutedText';
import { modemNameLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

const MODEM_COLOURS = { connected: 'green', not_connected: 'yellow', disabled: 'gray', no_device: 'gray' } as const;

function ModemLine({ unitId, modem }: { unitId: string; modem: Modem }) {
  const { t } = useTranslation();
  const bitrate = useBitrateText();
  const state = modemUiState({ present: true, enabled: modem.enabled, connected: modem.connected });
  return (
    <Group gap="xs" wrap="nowrap" data-testid={`unit-modem-${unitId}-${modem.id}`} data-state={state}>
      <Text size="sm" truncate="end">
        {t('unitList.expanded.modemLine', { name: modemNameLabel(t, modem), type: enumLabel(t, 'unitList.expanded.modemTypes', modem.uiType) })}
      </Text>
      <Badge size="sm" variant="light" color={MODEM_COLOURS[state]}>
        {enumLabel(t, 'unitList.expanded.modemStates', state)}
      </Badge>
      <MutedText size="xs">{t('unitList.expanded.uplink', { value: bitrate(modem.uplinkKbps) ?? t('common.none') })}</MutedText>
      <MutedText size="xs">{t('unitList.expanded.downlink', { value: bitrate(modem.downlinkKbps) ?? t('common.none') })}</MutedText>
      {modem.signalQuality != null && <MutedText size="xs">{t('unitList.expanded.signal', { value: modem.signalQuality })}</MutedText>}
      {modem.roaming && (
        <Badge size="xs" variant="outline">
          {t('unitList.expanded.roaming')}
        </Badge>
      )}
    </Group>
  );
}

function Modems({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const detail = useEndpointQuery('getUnit', { params: { id: unitId } }, { staleTime: 30_000 });
  if (detail.isPending) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (detail.isError)
    return (
      <Text size="sm" c="red">
        {t('unitList.expanded.loadFailed')}
      </Text>
    );
  if (detail.data.modems.length === 0) return <MutedText>{t('unitList.expanded.noModems')}</MutedText>;
  return (
    <Stack gap={2}>
      {detail.data.modems.map((modem) => (
        <ModemLine key={modem.id} unitId={unitId} modem={modem} />
      ))}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </div>
  );
}

export function UnitExpanded({ unit }: { unit: UnitSummary }) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="xs" data-testid={`unit-expanded-${id}`}>
      <Field label={t('unitList.expanded.modems')}>
        <Modems unitId={id} />
      </Field>
      <Stack gap="xs">
        <Group gap="xl" align="flex-start">
          <Field label={t('unitList.expanded.battery')}>
            <BatteryIndicator unitId={`${id}-expanded`} battery={unit.battery} />
          </Field>
          <Field label={t('unitList.expanded.software')}>
            <Text size="sm">{unit.swVersion}</Text>
          </Field>
          <Field label={t('unitList.expanded.modes')}>
            <Text size="sm">
              {enumLabel(t, 'unitList.transmissionModes', unit.transmissionMode)} · {enumLabel(t, 'unitList.workingModes', unit.workingMode)}
            </Text>
          </Field>
        </Group>
        <Field label={t('unitList.expanded.location')}>
          <LocationText location={unit.location} />
        </Field>
        <Field label={t('unitList.expanded.groups')}>
          <UnitGroupsText unitId={id} />
        </Field>
        <Field label={t('unitList.expanded.alerts')}>
          {unit.alerts.length === 0 ? (
            <MutedText>{t('unitList.expanded.noAlerts')}</MutedText>
          ) : (
            <Stack gap={2}>
              {unit.alerts.map((alert) => (
                <Group key={alert.type} gap="xs" wrap="nowrap">
                  <Badge size="sm" color={alert.level === 'critical' ? 'red' : 'yellow'}>
                    {enumLabel(t, 'unitList.expanded.alertLevels', alert.level)}
                  </Badge>
                  <Text size="sm" truncate="end">
                    {alert.message}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Field>
      </Stack>
    </SimpleGrid>
  );
}
