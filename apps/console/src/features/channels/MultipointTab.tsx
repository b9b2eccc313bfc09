/** The Multipoint tab (spec 001 §3 ptmp): the receiving units and what the server reports of them. */
import { useMemo } from 'react';
import { Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UpdatePtmpBody } from '@fleet/contracts';
import { useFieldError } from '../../lib/forms/useFieldError';
import { multipointBody, multipointForm } from './channelForms';
import { ChannelFormSection, useCanApply, useChannelModal } from './parts';
import { useChannelForm } from './useChannelForm';

export function MultipointTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  const { channelId, channelName } = details.channel;
  const allowed = useCanApply('updatePtmpChannels');
  const source = useMemo(() => multipointForm(details.multipoint), [details.multipoint]);
  const form = useChannelForm({
    channelName,
    source,
    endpoint: 'updatePtmpChannels',
    schema: UpdatePtmpBody,
    toBody: (values: typeof source) => multipointBody(values, channelId),
    toInput: (body) => ({ body: body as UpdatePtmpBody }),
  });
  const error = useFieldError('channel-error-multipoint', form.errors);
  const { ptmpStatuses, ptmpDelay } = details.multipoint;
  return (
    <ChannelFormSection formId="multipoint" title={t('channels.modal.tabs.multipoint')} form={form} allowed={allowed}>
      <Textarea
        label={t('channels.multipoint.machines')}
        description={t('channels.multipoint.machinesHint')}
        autosize
        minRows={3}
        value={form.values.machines}
        onChange={(e) => form.set({ machines: e.currentTarget.value })}
        error={error('machines')}
        data-testid="channel-multipoint-machines"
      />
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
    </ChannelFormSection>
  );
}
