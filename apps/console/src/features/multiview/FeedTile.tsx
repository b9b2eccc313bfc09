import { memo } from 'react';
import { StaleValue } from '../../realtime/Liveness';
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { describeBattery } from '@fleet/domain';
import type { UnitSummary } from '@fleet/contracts';
import { batteryLevelText } from '../units/BatteryIndicator';
import { useBitrateText } from '../units/UnitCells';
import { statusColourOf } from './multiviewState';
import { MutedText } from '../../kit/MutedText';
import type { ChannelNameOf } from '../channels/useChannelNames';
import { UnitChannel } from '../units/UnitChannel';
import { unitStatusLabel } from '../../lib/statusLabels';

const BATTERY_COLOURS = { green: 'green', yellow: 'yellow', red: 'red' } as const;

function BitrateText({ unitId, kbps }: { unitId: string; kbps: number }) {
  const { t } = useTranslation();
  const text = useBitrateText()(kbps) ?? t('common.none');
  return (
    <Text size="sm" fw={600} data-testid={`multiview-tile-bitrate-${unitId}`} data-kbps={Math.round(kbps)}>
      {text}
    </Text>
  );
}

function BatteryText({ unitId, battery }: { unitId: string; battery: UnitSummary['battery'] }) {
  const { t } = useTranslation();
  const { level, colour } = describeBattery(battery ?? { connected: false, charging: false, percentage: null });
  return (
    <Text size="sm" c={BATTERY_COLOURS[colour]} data-testid={`multiview-tile-battery-${unitId}`} data-level={level} data-colour={colour}>
      {batteryLevelText(t, battery)}
    </Text>
  );
}

interface FeedTileProps {
  readonly unit: UnitSummary;
  /** Channel names by id (the selection's; the channels in use come named). */
  readonly channelName: ChannelNameOf;
  readonly onRemove: (unit: UnitSummary) => void;
}

/** One feed on the wall: name (a link to the unit in the list), status, bitrate, battery, channel. */
export const FeedTile = memo(function FeedTile({ unit, channelName, onRemove }: FeedTileProps) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid={`multiview-tile-${id}`}
      data-status={unit.status}
      style={{ borderColor: `var(--mantine-color-${statusColourOf(unit.status)}-6)`, borderWidth: 2 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor
          component={Link}
          to={`/list?unit=${encodeURIComponent(id)}`}
          fw={600}
          truncate="end"
          aria-label={t('multiview.feeds.open', { name: unit.name })}
          data-testid={`multiview-tile-open-${id}`}
        >
          {unit.name}
        </Anchor>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('multiview.feeds.remove', { name: unit.name })}
          onClick={() => onRemove(unit)}
          data-testid={`multiview-tile-remove-${id}`}
        >
          ×
        </ActionIcon>
      </Group>
      <Group gap={6} mt={4}>
        <StaleValue unitId={id} status={unit.status} isStatus showTime testId={`multiview-tile-live-status-${id}`}>
          <Badge color={statusColourOf(unit.status)} variant="light">
            {unitStatusLabel(t, unit.status)}
          </Badge>
        </StaleValue>
        <VisuallyHidden data-testid={`multiview-tile-status-${id}`} aria-hidden="true">
          {unit.status}
        </VisuallyHidden>
      </Group>
      <Stack gap={2} mt="xs">
        <Group justify="space-between" wrap="nowrap">
          <MutedText size="xs">{t('multiview.feeds.bitrate')}</MutedText>
          <StaleValue unitId={id} status={unit.status} testId={`multiview-tile-live-bitrate-${id}`}>
            <BitrateText unitId={id} kbps={unit.totalBitrate} />
          </StaleValue>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <MutedText size="xs">{t('multiview.feeds.battery')}</MutedText>
          <StaleValue unitId={id} status={unit.status}>
            <BatteryText unitId={id} battery={unit.battery} />
          </StaleValue>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <MutedText size="xs">{t('multiview.feeds.channel')}</MutedText>
          <UnitChannel unit={unit} channelName={channelName} align="right" testId={`multiview-tile-channel-${id}`} />
        </Group>
      </Stack>
    </Card>
  );
});
