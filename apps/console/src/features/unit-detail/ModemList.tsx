import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../kit/ListTable';
import { BitrateText } from './DetailHeader';
import { MODEM_STATE_COLOURS } from './detailRules';
import type { ModemRow } from './detailRules';

/** The unit's modems and links: UI state (spec 000 §3), signal, uplink, roaming, active SIM and when the unit last reported the link. */
export function ModemList({ modems }: { modems: readonly ModemRow[] }) {
  const { t, i18n } = useTranslation();
  const none = t('common.none');
  return (
    <ListTable
      items={modems}
      rowKey={(modem) => modem.id}
      testIdPrefix="unit-detail-modems"
      testId="unit-detail-modems"
      rowTestId={(modem) => `unit-detail-modem-${modem.id}`}
      rowData={(modem) => ({ 'data-state': modem.uiState })}
      emptyText={t('unitDetail.camera.modems.empty')}
      minWidth={600}
      columns={[
        { id: 'name', header: t('unitDetail.camera.modems.name'), render: (modem) => modem.name },
        { id: 'type', header: t('unitDetail.camera.modems.type'), render: (modem) => t(`unitDetail.camera.modems.types.${modem.uiType}`) },
        {
          id: 'state',
          header: t('unitDetail.camera.modems.state'),
          render: (modem) => (
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
          ),
        },
        {
          id: 'signal',
          header: t('unitDetail.camera.modems.signal'),
          render: (modem) => (modem.signalQuality === null ? none : t('unitDetail.camera.modems.signalValue', { value: Math.round(modem.signalQuality) })),
        },
        { id: 'uplink', header: t('unitDetail.camera.modems.uplink'), render: (modem) => <BitrateText kbps={modem.uplinkKbps} /> },
        {
          id: 'roaming',
          header: t('unitDetail.camera.modems.roaming'),
          render: (modem) =>
            modem.uiType !== 'cell' ? none : modem.roaming ? t('unitDetail.camera.modems.roamingYes') : t('unitDetail.camera.modems.roamingNo'),
        },
        {
          id: 'sim',
          header: t('unitDetail.camera.modems.sim'),
          render: (modem) => (modem.activeSim === null ? none : t('unitDetail.camera.modems.simSlot', { slot: modem.activeSim })),
        },
        {
          id: 'updated',
          header: t('unitDetail.camera.modems.updated'),
          render: (modem) => <span data-testid={`unit-detail-modem-updated-${modem.id}`}>{new Date(modem.lastUpdated).toLocaleTimeString(i18n.language)}</span>,
        },
      ]}
    />
  );
}
