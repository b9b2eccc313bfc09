import { ActionIcon, Badge, Button, Group, Loader, Menu, Stack, Text, Title, Tooltip } from '@mantine/core';
import { StaleValue } from '../../realtime/Liveness';
import { useTranslation } from 'react-i18next';
import type { UnitConfiguration, UnitDetail } from '@fleet/contracts';
import { statusColour } from '../../kit/unit/unitRules';
import { batteryIcon, batteryReading } from '../../kit/unit/BatteryIndicator';
import { useBitrateText } from '../../kit/unit/useBitrateText';
import { DETAIL_DIALOGS } from './detailParams';
import { streamingModesOf } from './detailRules';
import type { DetailDialog } from './detailParams';
import type { ChannelDisplay } from '../../kit/unit/channelSelection';
import { UnitActions } from '../unit-actions/UnitActions';
import { SimulateMenu } from '../simulator/faults/SimulateMenu';
import { useChannelNames } from '../channels/useChannelNames';
import { UnitChannel } from '../../kit/unit/UnitChannel';
import { UnitLocation } from './UnitLocation';
import { LabelledValue } from '../../kit/NameValues';
import { MutedText } from '../../kit/MutedText';
import { tallyLabel, unitStatusLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

/** The licence's options shown after its kind. */
const LICENCE_OPTIONS = ['pro', 'fourK'] as const;
/** The licence's RA and RL hours (spec 000 §3 license), shown when the unit reports them. */
const LICENCE_HOURS = ['raHours', 'rlHours'] as const;

/** Spec 000 §4 battery icon (level) and colour, as the unit list draws it, with its percentage. */
export function DetailBattery({ battery }: { battery: UnitDetail['battery'] }) {
  const { t } = useTranslation();
  const { level, colour, percentage, label } = batteryReading(t, battery);
  return (
    <Tooltip label={label}>
      <Group
        gap={4}
        wrap="nowrap"
        data-testid="unit-detail-battery"
        data-level={level}
        data-colour={colour}
        data-percentage={percentage ?? ''}
        aria-label={label}
      >
        {batteryIcon(level, colour)}
        <Text size="sm" c={colour === 'red' ? 'red' : undefined}>
          {percentage === null ? t('units.battery.unknown') : t('units.battery.percent', { percentage })}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** The transmission delay of the unit's configuration (ms) and its mode. */
export type DelaySetting = Pick<UnitConfiguration, 'delay' | 'delayMode'>;

/** The delay in seconds (sub-second delay says so), or that none is set. */
function DelayText({ delay }: { delay: DelaySetting | null }) {
  const { t, i18n } = useTranslation();
  if (delay === null) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (delay.delay == null) return <MutedText>{t('unitDetail.delay.none')}</MutedText>;
  const seconds = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(delay.delay / 1000);
  return (
    <Text size="sm" data-ms={delay.delay} data-mode={delay.delayMode}>
      {t(delay.delayMode === 'subSecond' ? 'unitDetail.delay.subSecond' : 'unitDetail.delay.value', { seconds })}
    </Text>
  );
}

/** Spec 000 §9 bitrate display: above 1000 kbps in Mbps with one decimal. */
export function BitrateText({ kbps, testId }: { kbps: number; testId?: string }) {
  const { t } = useTranslation();
  const bitrateText = useBitrateText();
  const text = bitrateText(kbps) ?? t('common.none');
  return (
    <Text size="sm" data-testid={testId} data-kbps={kbps}>
      {text}
    </Text>
  );
}

export interface DetailHeaderProps {
  readonly unit: UnitDetail;
  readonly channel: ChannelDisplay;
  /** The transmission delay as configured (null while the configuration is being read). */
  readonly delay: DelaySetting | null;
  readonly dialogs: readonly DetailDialog[];
  readonly onConfigure: () => void;
  readonly onDialog: (dialog: DetailDialog) => void;
  readonly onClose: () => void;
}

/**
 * Name and type with the panel's buttons, then what an operator reads first: status, channel,
 * delay, total bitrate and battery. The other facts follow the live picture (DetailFacts).
 */
export function DetailHeader({ unit, channel, delay, dialogs, onConfigure, onDialog, onClose }: DetailHeaderProps) {
  const { t } = useTranslation();
  const channelName = useChannelNames();
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
        <Stack gap={0} miw={0}>
          <Title order={3} data-testid="unit-detail-name">
            {unit.name}
          </Title>
          <MutedText testId="unit-detail-type">
            {unit.type} · {enumLabel(t, 'units.typeGroups', unit.typeGroup)} · {unit.uniqueId}
          </MutedText>
        </Stack>
        {/* The buttons wrap on a narrow screen (Simulate adds one with the mock): none is pushed out of view. */}
        <Group gap="xs" wrap="wrap">
          <UnitActions unit={unit} />
          {/* Mock only: shown once the capability probe found the mock, to the people who run it. */}
          <SimulateMenu target={{ kind: 'unit', unitId: unit.uniqueId, name: unit.name }} />
          <Button size="xs" variant="light" onClick={onConfigure} data-testid="unit-detail-configure">
            {t('unitDetail.menu.configure')}
          </Button>
          {dialogs.length > 0 && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" data-testid="unit-detail-dialogs-menu">
                  {t('unitDetail.menu.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('unitDetail.menu.dialogs')}</Menu.Label>
                {DETAIL_DIALOGS.filter((dialog) => dialogs.includes(dialog)).map((dialog) => (
                  <Menu.Item key={dialog} onClick={() => onDialog(dialog)} data-testid={`unit-detail-dialog-${dialog}`}>
                    {t(`unitDetail.dialogs.${dialog}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <ActionIcon variant="subtle" onClick={onClose} aria-label={t('unitDetail.close')} data-testid="unit-detail-close">
            ×
          </ActionIcon>
        </Group>
      </Group>
      <Group gap="lg" wrap="wrap" data-testid="unit-detail-key-facts">
        <LabelledValue label={t('unitDetail.header.status')}>
          <StaleValue unitId={unit.uniqueId} status={unit.status} isStatus showTime testId="unit-detail-live-status">
            <Badge color={statusColour(unit.status)} variant="light" data-testid="unit-detail-status" data-status={unit.status}>
              {unitStatusLabel(t, unit.status)}
            </Badge>
          </StaleValue>
        </LabelledValue>
        <LabelledValue label={t('unitDetail.header.channel')}>
          <UnitChannel unit={unit} selection={channel} channelName={channelName} showIds testId="unit-detail-channel" />
        </LabelledValue>
        <LabelledValue label={t('unitDetail.header.delay')} testId="unit-detail-delay">
          <DelayText delay={delay} />
        </LabelledValue>
        <LabelledValue label={t('unitDetail.header.bitrate')}>
          <StaleValue unitId={unit.uniqueId} status={unit.status} testId="unit-detail-live-bitrate">
            <BitrateText kbps={unit.totalBitrate} testId="unit-detail-total-bitrate" />
          </StaleValue>
        </LabelledValue>
        <LabelledValue label={t('unitDetail.header.battery')}>
          <StaleValue unitId={unit.uniqueId} status={unit.status} testId="unit-detail-live-battery">
            <DetailBattery battery={unit.battery} />
          </StaleValue>
        </LabelledValue>
      </Group>
    </Stack>
  );
}

/** The unit's other facts, shown after its live picture: licence (with its RA and RL hours), streaming modes, software, serial number, tally, sharing, last reboot and location. */
export function DetailFacts({ unit }: { unit: UnitDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="lg" wrap="wrap" data-testid="unit-detail-facts">
      <LabelledValue label={t('unitDetail.header.licence')}>
        <Group gap={4} data-testid="unit-detail-licence" data-valid={unit.license.valid}>
          <Badge size="sm" color={unit.license.valid ? 'green' : 'red'} variant="light">
            {unit.license.valid ? t('unitDetail.licence.valid') : t('unitDetail.licence.invalid')}
          </Badge>
          <Badge size="sm" variant="outline" color="gray">
            {enumLabel(t, 'unitDetail.licence', unit.license.kind)}
          </Badge>
          {LICENCE_OPTIONS.filter((option) => unit.license[option]).map((option) => (
            <Badge key={option} size="sm" variant="outline">
              {t(`unitDetail.licence.${option}`)}
            </Badge>
          ))}
          {LICENCE_HOURS.filter((hours) => unit.license[hours] !== null).map((hours) => (
            <Badge key={hours} size="sm" variant="outline" color="gray" data-testid={`unit-detail-licence-${hours}`}>
              {t(`unitDetail.licence.${hours}`, { hours: unit.license[hours] })}
            </Badge>
          ))}
        </Group>
      </LabelledValue>
      <LabelledValue label={t('unitDetail.header.streamingModes')}>
        <StreamingModes services={unit.services} />
      </LabelledValue>
      <LabelledValue label={t('unitDetail.header.software')} testId="unit-detail-software">
        {unit.swVersionShort === unit.swVersionDisplay ? unit.swVersionDisplay : `${unit.swVersionDisplay} (${unit.swVersionShort})`}
      </LabelledValue>
      <LabelledValue label={t('unitDetail.header.serial')}>{unit.serialNumber}</LabelledValue>
      <LabelledValue label={t('unitDetail.header.tally')} testId="unit-detail-tally">
        <StaleValue unitId={unit.uniqueId} status={unit.status} testId="unit-detail-live-tally">
          {unit.tally == null ? t('unitDetail.detailValues.none') : tallyLabel(t, unit.tally)}
        </StaleValue>
      </LabelledValue>
      <LabelledValue label={t('unitDetail.header.sharing')} testId="unit-detail-sharing">
        {t(unit.sharing ? 'unitDetail.detailValues.on' : 'unitDetail.detailValues.off')}
      </LabelledValue>
      <LabelledValue label={t('unitDetail.header.lastReboot')} testId="unit-detail-last-reboot">
        {unit.lastReboot == null ? t('unitDetail.detailValues.never') : dateText(unit.lastReboot, (d) => d.toLocaleString(i18n.language))}
      </LabelledValue>
      <LabelledValue label={t('unitDetail.header.location')}>
        <UnitLocation unitId={unit.uniqueId} />
      </LabelledValue>
    </Group>
  );
}

/** The streaming modes the unit's services enable (lrt, bonding, cloud; spec 000 §9), or that it has none. */
function StreamingModes({ services }: { services: UnitDetail['services'] }) {
  const { t } = useTranslation();
  const modes = streamingModesOf(services);
  return (
    <Group gap={4} data-testid="unit-detail-streaming-modes" data-modes={modes.join(' ')}>
      {modes.length === 0 ? (
        <MutedText>{t('unitDetail.streamingModes.none')}</MutedText>
      ) : (
        modes.map((mode) => (
          <Badge key={mode} size="sm" variant="light" color="indigo">
            {enumLabel(t, 'unitDetail.streamingModes', mode)}
          </Badge>
        ))
      )}
    </Group>
  );
}
