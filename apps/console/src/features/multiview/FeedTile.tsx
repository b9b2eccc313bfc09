import { memo } from 'react';
import { StaleValue } from '../../realtime/Liveness';
import { ActionIcon, Anchor, Box, Card, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { describeBattery } from '@fleet/domain';
import type { UnitSummary } from '@fleet/contracts';
import { batteryIcon, batteryLevelText } from '../../kit/unit/BatteryIndicator';
import { useBitrateText } from '../../kit/unit/useBitrateText';
import { isAlarm } from './multiviewState';
import type { ChannelNameOf } from '../channels/useChannelNames';
import { UnitChannel } from '../../kit/unit/UnitChannel';
import { unitStatusLabel } from '../../lib/statusLabels';
import { BitrateSparkline } from './BitrateSparkline';
import { FeedPicture } from './FeedPicture';
import type { PreviewSource } from './FeedPicture';
import classes from './Multiview.module.css';

/** The battery's text colour: the theme's readable text shade of each colour (contrast 4.5:1 in both schemes). */
const BATTERY_COLOURS = { green: undefined, yellow: 'yellow', red: 'red' } as const;

function BitrateText({ unitId, kbps }: { unitId: string; kbps: number }) {
  const { t } = useTranslation();
  const text = useBitrateText()(kbps) ?? t('common.none');
  return (
    <Text span size="xs" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid={`multiview-tile-bitrate-${unitId}`} data-kbps={Math.round(kbps)}>
      {text}
    </Text>
  );
}

/** The battery as the list draws it (spec 000 §4 icon) and its percentage; the whole text in the title and for screen readers. */
function BatteryText({ unitId, battery }: { unitId: string; battery: UnitSummary['battery'] }) {
  const { t } = useTranslation();
  const { level, colour } = describeBattery(battery ?? { connected: false, charging: false, percentage: null });
  const text = batteryLevelText(t, battery);
  const percentage = battery?.connected && battery.percentage != null ? `${Math.round(battery.percentage)}%` : null;
  return (
    <Text
      span
      size="xs"
      c={BATTERY_COLOURS[colour]}
      title={text}
      style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 3 }}
      data-testid={`multiview-tile-battery-${unitId}`}
      data-level={level}
      data-colour={colour}
    >
      {batteryIcon(level, colour)}
      <span aria-hidden="true">{percentage ?? text}</span>
      <VisuallyHidden>{text}</VisuallyHidden>
    </Text>
  );
}

interface FeedTileProps {
  readonly unit: UnitSummary;
  /** Channel names by id (the selection's; the channels in use come named). */
  readonly channelName: ChannelNameOf;
  readonly preview: PreviewSource;
  /** The unit's recent bitrates (kbps), oldest first. */
  readonly samples: readonly number[];
  readonly onRemove?: (unit: UnitSummary) => void;
  /** Shows the tile full screen; absent on the full-screen tile itself. */
  readonly onFullScreen?: (unit: UnitSummary) => void;
}

/**
 * One feed on the wall, picture first: the unit's picture, then its whole name (a link to the unit
 * in the list), the channel it feeds, its status, bitrate with the recent ones as a line, and its
 * battery. Red only in alarm (offline, a critical alert); the rest stays calm.
 */
export const FeedTile = memo(function FeedTile({ unit, channelName, preview, samples, onRemove, onFullScreen }: FeedTileProps) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  const alarm = isAlarm(unit);
  return (
    <Card
      withBorder
      padding={0}
      radius="md"
      className={`${classes.tile} ${alarm ? classes.alarm : ''}`}
      data-testid={`multiview-tile-${id}`}
      data-status={unit.status}
      data-alarm={alarm}
    >
      <Box className={classes.picture}>
        <FeedPicture unit={unit} source={preview} />
        <div className={classes.buttons}>
          {onFullScreen && (
            <ActionIcon
              variant="filled"
              color="dark"
              size="md"
              aria-label={t('multiview.feeds.fullScreen', { name: unit.name })}
              title={t('multiview.feeds.fullScreen', { name: unit.name })}
              onClick={() => onFullScreen(unit)}
              data-testid={`multiview-tile-full-${id}`}
            >
              <FullScreenIcon />
            </ActionIcon>
          )}
          {onRemove && (
            <ActionIcon
              variant="filled"
              color="dark"
              size="md"
              aria-label={t('multiview.feeds.remove', { name: unit.name })}
              title={t('multiview.feeds.remove', { name: unit.name })}
              onClick={() => onRemove(unit)}
              data-testid={`multiview-tile-remove-${id}`}
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          )}
        </div>
      </Box>
      <Box px="xs" pt={4} pb={6}>
        <Anchor
          component={Link}
          to={`/list?unit=${encodeURIComponent(id)}`}
          fw={600}
          size="sm"
          className={classes.name}
          title={unit.name}
          aria-label={t('multiview.feeds.open', { name: unit.name })}
          data-testid={`multiview-tile-open-${id}`}
        >
          {unit.name}
        </Anchor>
        <UnitChannel unit={unit} channelName={channelName} size="xs" inline testId={`multiview-tile-channel-${id}`} />
        <Group gap={6} style={{ rowGap: 0 }} wrap="wrap" justify="space-between" mt={2}>
          <StaleValue unitId={id} status={unit.status} isStatus testId={`multiview-tile-live-status-${id}`}>
            <Text span size="xs" fw={alarm ? 700 : 400} c={alarm ? 'red' : 'dimmed'} data-testid={`multiview-tile-state-${id}`}>
              {unitStatusLabel(t, unit.status)}
            </Text>
          </StaleValue>
          <VisuallyHidden data-testid={`multiview-tile-status-${id}`} aria-hidden="true">
            {unit.status}
          </VisuallyHidden>
          <Group gap={6} wrap="wrap" justify="flex-end" ml="auto" style={{ rowGap: 0 }}>
            <BitrateSparkline unitId={id} samples={samples} />
            <StaleValue unitId={id} status={unit.status} testId={`multiview-tile-live-bitrate-${id}`}>
              <BitrateText unitId={id} kbps={unit.totalBitrate} />
            </StaleValue>
            <StaleValue unitId={id} status={unit.status}>
              <BatteryText unitId={id} battery={unit.battery} />
            </StaleValue>
          </Group>
        </Group>
      </Box>
    </Card>
  );
});

/** Four corners: "show this full screen". */
function FullScreenIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M1 5V1h4M9 1h4v4M13 9v4H9M5 13H1V9" />
    </svg>
  );
}
