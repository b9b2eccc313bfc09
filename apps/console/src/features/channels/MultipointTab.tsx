/**
 * The Multipoint tab (spec 001 §3 ptmp): the receiving units and what the server reports of them;
 * admins also see the receivers as the admin read answers them (GET v2/admin/channels/{id}/ptmp),
 * each chosen receiver beside what the server reports of it.
 */
import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { useCanCall } from '../../kit/access';
import { ListTable } from '../../kit/ListTable';
import { ptmpReceivers } from './channelDetails';
import { multipointBody, multipointForm, type MultipointForm } from './channelForms';
import { ChannelCard, useChannelModal } from './parts';
import { Loaded } from './ConfigTabs';
import { MutedText } from '../../kit/MutedText';
import { InfoSection } from '../../kit/NameValues';

function AdminReceivers({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminChannelPtmp', { params: { id: channelId } });
  const receivers = useMemo(() => (query.data ? ptmpReceivers(query.data) : []), [query.data]);
  const none = t('channels.cells.none');
  return (
    <InfoSection testId="channel-multipoint-admin" title={t('channels.multipoint.adminTitle')}>
      <Loaded query={query}>
        {() => (
          <ListTable
            plain
            items={receivers}
            rowKey={(r) => r.uid}
            testIdPrefix="channel-multipoint-admin"
            rowTestId={(r) => `channel-multipoint-admin-${r.uid}`}
            emptyText={t('channels.multipoint.noReceivers')}
            columns={[
              {
                id: 'uid',
                header: t('channels.multipoint.uid'),
                render: (r) => (
                  <>
                    {r.uid}{' '}
                    {!r.chosen && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('channels.multipoint.notChosen')}
                      </Badge>
                    )}
                  </>
                ),
              },
              { id: 'status', header: t('channels.multipoint.status'), render: (r) => r.status ?? t('channels.multipoint.noReport') },
              { id: 'bitrate', header: t('channels.multipoint.bitrate'), render: (r) => r.bitrate ?? none },
            ]}
          />
        )}
      </Loaded>
    </InfoSection>
  );
}

export function MultipointTab() {
  const admin = useCanCall('getAdminChannelPtmp');
  const { channelId } = useChannelModal().details.channel;
  return (
    <>
      <MultipointForm />
      {admin && <AdminReceivers channelId={channelId} />}
    </>
  );
}

function MultipointForm() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  const { channelId } = details.channel;
  const { ptmpStatuses, ptmpDelay } = details.multipoint;
  return (
    <ChannelCard
      formId="multipoint"
      title={t('channels.modal.tabs.multipoint')}
      source={multipointForm(details.multipoint)}
      endpoint="updatePtmpChannels"
      toBody={(values: MultipointForm) => multipointBody(values, channelId)}
      fields={[{ kind: 'textarea', name: 'machines', label: t('channels.multipoint.machines'), description: t('channels.multipoint.machinesHint') }]}
    >
      {() => (
        <>
          <MutedText testId="channel-multipoint-delay">{t('channels.multipoint.delay', { delay: ptmpDelay ?? t('channels.cells.none') })}</MutedText>
          {ptmpStatuses.length > 0 && (
            <ListTable
              plain
              items={ptmpStatuses}
              rowKey={(s) => s.uid}
              testIdPrefix="channel-multipoint-statuses"
              testId="channel-multipoint-statuses"
              columns={[
                { id: 'uid', header: t('channels.multipoint.uid'), render: (s) => s.uid },
                { id: 'status', header: t('channels.multipoint.status'), render: (s) => s.status },
                { id: 'bitrate', header: t('channels.multipoint.bitrate'), render: (s) => s.bitrate },
              ]}
            />
          )}
        </>
      )}
    </ChannelCard>
  );
}
