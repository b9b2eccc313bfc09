/**
 * The unit's links, one row each (spec 000 §3 Modems/links): the link's name, kind and UI state,
 * then its uplink (a bar of its share of the unit's uplink, with the bitrate), its signal (a bar of
 * the quality, coloured good / fair / poor), the active SIM and whether it roams, and when the unit
 * last reported it. The rows wrap within the detail's width: nothing is cut.
 */
import { Badge, Box, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../kit/ListTable';
import { MutedText } from '../../kit/MutedText';
import { useBitrateText } from '../../kit/unit/useBitrateText';
import { MODEM_STATE_COLOURS, signalColour, uplinkShare } from './detailRules';
import type { ModemRow } from './detailRules';
import classes from './ModemList.module.css';
import { modemNameLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

/** A labelled bar: its name and value above, the bar below. */
function Meter({
  label,
  value,
  percent,
  colour,
  ariaLabel,
  testId,
}: {
  label: string;
  value: string;
  percent: number;
  colour: string;
  ariaLabel: string;
  testId: string;
}) {
  return (
    <Stack gap={2} data-testid={testId} data-percent={percent}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="xs" fw={500} className={classes.value}>
          {value}
        </Text>
      </Group>
      <Progress value={percent} color={colour} size="md" radius="sm" aria-label={ariaLabel} />
    </Stack>
  );
}

export function ModemList({ modems }: { modems: readonly ModemRow[] }) {
  const { t, i18n } = useTranslation();
  const bitrateText = useBitrateText();
  if (modems.length === 0) return <EmptyNote testId="unit-detail-modems-empty">{t('unitDetail.camera.modems.empty')}</EmptyNote>;
  return (
    <Stack gap={0} data-testid="unit-detail-modems" role="list" aria-label={t('unitDetail.camera.modems.title')}>
      {modems.map((modem) => {
        const share = uplinkShare(modem, modems);
        const signal = modem.signalQuality == null ? null : Math.round(modem.signalQuality);
        return (
          <Box key={modem.id} role="listitem" className={classes.row} data-testid={`unit-detail-modem-${modem.id}`} data-state={modem.uiState}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {modemNameLabel(t, modem)}
                </Text>
                <MutedText size="xs">{enumLabel(t, 'unitDetail.camera.modems.types', modem.uiType)}</MutedText>
                <Badge size="sm" variant="light" tt="none" color={MODEM_STATE_COLOURS[modem.uiState]} data-testid={`unit-detail-modem-state-${modem.id}`}>
                  {enumLabel(t, 'unitDetail.camera.modems.states', modem.uiState)}
                </Badge>
              </Group>
              <Group gap={6} wrap="wrap">
                {modem.uiType === 'cell' && (
                  <>
                    <Badge size="sm" variant="outline" color="gray" tt="none" data-testid={`unit-detail-modem-sim-${modem.id}`}>
                      {modem.activeSim == null ? t('unitDetail.camera.modems.noSim') : t('unitDetail.camera.modems.simSlot', { slot: modem.activeSim })}
                    </Badge>
                    <Badge
                      size="sm"
                      variant={modem.roaming ? 'filled' : 'outline'}
                      color={modem.roaming ? 'orange' : 'gray'}
                      tt="none"
                      data-testid={`unit-detail-modem-roaming-${modem.id}`}
                      data-roaming={modem.roaming}
                    >
                      {modem.roaming ? t('unitDetail.camera.modems.roamingYes') : t('unitDetail.camera.modems.roamingNo')}
                    </Badge>
                  </>
                )}
                <MutedText size="xs" testId={`unit-detail-modem-updated-${modem.id}`}>
                  {dateText(modem.lastUpdated, (d) => d.toLocaleTimeString(i18n.language))}
                </MutedText>
              </Group>
            </Group>
            <div className={classes.meters}>
              <Meter
                label={t('unitDetail.camera.modems.uplink')}
                value={t('unitDetail.camera.modems.uplinkShare', { value: bitrateText(modem.uplinkKbps) ?? t('common.none'), share })}
                percent={share}
                colour="blue"
                ariaLabel={t('unitDetail.camera.modems.uplinkLabel', { name: modem.name })}
                testId={`unit-detail-modem-uplink-${modem.id}`}
              />
              <Meter
                label={t('unitDetail.camera.modems.signal')}
                value={signal === null ? t('unitDetail.camera.modems.signalNone') : t('unitDetail.camera.modems.signalValue', { value: signal })}
                percent={signal ?? 0}
                colour={signal === null ? 'gray' : signalColour(signal)}
                ariaLabel={t('unitDetail.camera.modems.signalLabel', { name: modem.name })}
                testId={`unit-detail-modem-signal-${modem.id}`}
              />
            </div>
          </Box>
        );
      })}
    </Stack>
  );
}
