/**
 * The Multipoint tab (spec 001 §3 ptmp): the receiving units and what the server reports of them;
 * admins also see the receivers as the admin read answers them (GET v2/admin/channels/{id}/ptmp),
 * each chosen receiver beside what the server reports of it.
 */
import { useMemo } from 'react';
import { Alert, Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UpdatePtmpBody } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useCanCall } from '../../kit/access';
import { ptmpReceivers } from './channelDetails';
import { multipointBody, multipointForm, type MultipointForm } from './channelForms';
import { ChannelCard, useChannelModal } from './parts';

function AdminReceivers({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const query = useEndpointQuery('getAdminChannelPtmp', { params: { id: channelId } });
  const receivers = useMemo(() => (query.data ? ptmpReceivers(query.data) : []), [query.data]);
  const none = t('channels.cells.none');
  return (
    <Paper withBorder p="md" data-testid="channel-multipoint-admin">
      <Stack gap="sm">
        <Title order={5}>{t('channels.multipoint.adminTitle')}</Title>
        {query.error ? (
          <Alert color="red">{errorText(query.error)}</Alert>
        ) : query.data === undefined ? (
          <Loader size="sm" />
        ) : receivers.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="channel-multipoint-admin-empty">
            {t('channels.multipoint.noReceivers')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('channels.multipoint.uid')}</Table.Th>
                <Table.Th>{t('channels.multipoint.status')}</Table.Th>
                <Table.Th>{t('channels.multipoint.bitrate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receivers.map((r) => (
                <Table.Tr key={r.uid} data-testid={`channel-multipoint-admin-${r.uid}`}>
                  <Table.Td>
                    {r.uid}{' '}
                    {!r.chosen && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('channels.multipoint.notChosen')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{r.status ?? t('channels.multipoint.noReport')}</Table.Td>
                  <Table.Td>{r.bitrate ?? none}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
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
      schema={UpdatePtmpBody}
      toBody={(values: MultipointForm) => multipointBody(values, channelId)}
      toInput={(body) => ({ body: body as UpdatePtmpBody })}
      fields={[{ kind: 'textarea', name: 'machines', label: t('channels.multipoint.machines'), description: t('channels.multipoint.machinesHint') }]}
    >
      {() => (
        <>
          <Text size="sm" c="dimmed" data-testid="channel-multipoint-delay">
            {t('channels.multipoint.delay', { delay: ptmpDelay ?? t('channels.cells.none') })}
          </Text>
          {ptmpStatuses.length > 0 && (
            <Table data-testid="channel-multipoint-statuses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('channels.multipoint.uid')}</Table.Th>
                  <Table.Th>{t('channels.multipoint.status')}</Table.Th>
                  <Table.Th>{t('channels.multipoint.bitrate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ptmpStatuses.map((s) => (
                  <Table.Tr key={s.uid}>
                    <Table.Td>{s.uid}</Table.Td>
                    <Table.Td>{s.status}</Table.Td>
                    <Table.Td>{s.bitrate}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </ChannelCard>
  );
}
