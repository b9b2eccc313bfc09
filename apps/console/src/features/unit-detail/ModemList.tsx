import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BitrateText } from './DetailHeader';
import { MODEM_STATE_COLOURS } from './detailRules';
import type { ModemRow } from './detailRules';

/** The unit's modems and links: UI state (spec 000 §3), signal, uplink, roaming, active SIM. */
export function ModemList({ modems }: { modems: readonly ModemRow[] }) {
  const { t } = useTranslation();
  if (modems.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="unit-detail-modems-empty">
        {t('unitDetail.camera.modems.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing={4} style={{ whiteSpace: 'nowrap' }} data-testid="unit-detail-modems">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('unitDetail.camera.modems.name')}</Table.Th>
            <Table.Th>{t('unitDetail.camera.modems.type')}</Table.Th>
            <Table.Th>{t('unitDetail.camera.modems.state')}</Table.Th>
            <Table.Th>{t('unitDetail.camera.modems.signal')}</Table.Th>
            <Table.Th>{t('unitDetail.camera.modems.uplink')}</Table.Th>
            <Table.Th>{t('unitDetail.camera.modems.roaming')}</Table.Th>
            <Table.Th>{t('unitDetail.camera.modems.sim')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {modems.map((modem) => (
            <Table.Tr key={modem.id} data-testid={`unit-detail-modem-${modem.id}`} data-state={modem.uiState}>
              <Table.Td>{modem.name}</Table.Td>
              <Table.Td>{t(`unitDetail.camera.modems.types.${modem.uiType}`)}</Table.Td>
              <Table.Td>
                <Badge
                  size="sm"
                  variant="light"
                  tt="none"
                  style={{ overflow: 'visible' }}
                  color={MODEM_STATE_COLOURS[modem.uiState]}
                  data-testid={`unit-detail-modem-state-${modem.id}`}
                >
                  {t(`unitDetail.camera.modems.states.${modem.uiState}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {modem.signalQuality === null ? t('common.none') : t('unitDetail.camera.modems.signalValue', { value: Math.round(modem.signalQuality) })}
              </Table.Td>
              <Table.Td>
                <BitrateText kbps={modem.uplinkKbps} />
              </Table.Td>
              <Table.Td>
                {modem.uiType === 'cell'
                  ? modem.roaming
                    ? t('unitDetail.camera.modems.roamingYes')
                    : t('unitDetail.camera.modems.roamingNo')
                  : t('common.none')}
              </Table.Td>
              <Table.Td>{modem.activeSim === null ? t('common.none') : t('unitDetail.camera.modems.simSlot', { slot: modem.activeSim })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
