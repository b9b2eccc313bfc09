/**
 * The configuration tab (spec 001 §3 video return configuration): the input source switched at
 * once (VrInputSource), and the whole configuration: input type disabled / SDI / SRT
 * and, for SRT, URL, passphrase (SRT key: 10-64 characters without special characters, §5),
 * destination port and latency; name and description. Checked with the call's own body schema in
 * the spec's words, applied through POST v0/video-return-channels/{uniqueId}/update (sent to the
 * device first: its refusal, e.g. "Configuration not sent, retry", shows as the form's failure).
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UpdateVrChannelBody, VR_INPUT_TYPES } from '@fleet/contracts';
import type { Role, VrChannelDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useFieldError } from '../../lib/forms/useFieldError';
import { ConfigFields, shownFieldNames, type ConfigRow } from '../../kit/ConfigFields';
import { ChannelFormSection } from '../channels/parts';
import { useChannelForm } from '../channels/useChannelForm';
import { capabilityRows } from '../channels/channelDetails';
import { VrInputSource } from './VrInputSource';
import { vrConfigBody, vrConfigExtra, vrConfigForm } from './vrForms';
import type { VrConfigForm } from './vrForms';
import type { VrInputType } from './vrFilters';
import { canApply } from '../../kit/access';
import { InfoSection, LabelledValue } from '../../kit/NameValues';

/** What the server reports as an object (input parameters, URL data, a multipoint status), as `name: value` pairs; null when empty. */
function readings(reported: Readonly<Record<string, unknown>>): string | null {
  const rows = capabilityRows(reported);
  return rows.length === 0 ? null : rows.map(([name, value]) => `${name}: ${value}`).join(', ');
}

export function VrConfigurationTab({ channel, roles }: { channel: VrChannelDetail; roles: readonly Role[] }) {
  const { t } = useTranslation();
  const allowed = canApply(roles, 'updateVrChannel');
  const id = channel.uniqueId;
  const capabilities = useEndpointQuery('getVrChannelCapabilities', { params: { id } }, { retry: false });
  const ips = useEndpointQuery('getVrChannelIps', { params: { id } }, { retry: false });
  const form = useChannelForm({
    channelName: channel.name,
    source: vrConfigForm(channel),
    endpoint: 'updateVrChannel',
    toBody: (values: VrConfigForm) => vrConfigBody(values, channel.version),
    toInput: (body) => ({ params: { uniqueId: id }, body: body as UpdateVrChannelBody }),
    extra: vrConfigExtra,
    refresh: ['listGroupVrChannels', 'getVrChannelInputSources'],
    savedName: (values) => values.name.trim(),
  });
  const error = useFieldError('vr-error', form.errors);
  const none = t('videoReturn.cells.none');
  // The input types the hardware takes (capabilities; all of them while unknown), and the current one.
  const offered: readonly VrInputType[] = capabilities.data?.inputTypes ?? VR_INPUT_TYPES;
  const inputTypes = VR_INPUT_TYPES.filter((type) => offered.includes(type) || type === form.values.inputType);
  const srt = (values: VrConfigForm) => values.inputType === 'srt';
  const fields: readonly ConfigRow<VrConfigForm>[] = [
    { kind: 'text', name: 'name', label: t('videoReturn.config.name') },
    { kind: 'textarea', name: 'description', label: t('videoReturn.config.description') },
    {
      kind: 'select',
      name: 'inputType',
      label: t('videoReturn.config.inputType'),
      options: inputTypes.map((type) => ({ value: type, label: t(`videoReturn.inputTypes.${type}`) })),
    },
    { kind: 'text', name: 'url', label: t('videoReturn.config.url'), placeholder: t('videoReturn.config.urlPlaceholder'), when: srt },
    { kind: 'text', name: 'passphrase', label: t('videoReturn.config.passphrase'), description: t('videoReturn.config.passphraseHint'), when: srt },
    [
      { kind: 'number', name: 'destinationPort', label: t('videoReturn.config.destinationPort'), when: srt },
      { kind: 'number', name: 'latency', label: t('videoReturn.config.latency'), when: srt },
    ],
  ];
  // The core words a field's problem under the body's `channel`.
  const shown = shownFieldNames(fields, form.values).map((name) => `channel.${name}`);

  return (
    <Stack gap="md">
      <VrInputSource channel={channel} allowed={canApply(roles, 'setVrChannelInputSource')} />
      <ChannelFormSection formId="vrConfiguration" title={t('videoReturn.config.title')} form={form} allowed={allowed} shown={shown}>
        <ConfigFields prefix="vr" formId="config" form={form} error={(name) => error(`channel.${name}`)} fields={fields} />
      </ChannelFormSection>
      <InfoSection testId="vr-details" title={t('videoReturn.config.details')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LabelledValue label={t('videoReturn.config.uniqueId')}>{channel.uniqueId}</LabelledValue>
          <LabelledValue label={t('videoReturn.config.serial')}>{channel.serialNumber ?? none}</LabelledValue>
          <LabelledValue label={t('videoReturn.config.server')}>{channel.serverName ?? channel.serverId ?? none}</LabelledValue>
          <LabelledValue label={t('videoReturn.config.inputStandard')}>{channel.inputStandard ?? none}</LabelledValue>
          <LabelledValue label={t('videoReturn.config.inputParameters')} testId="vr-input-parameters">
            {readings(channel.inputParameters) ?? none}
          </LabelledValue>
          <LabelledValue label={t('videoReturn.config.urlData')} testId="vr-url-data">
            {readings(channel.urlData) ?? none}
          </LabelledValue>
          <LabelledValue label={t('videoReturn.config.p2mpStatuses')} testId="vr-p2mp-statuses">
            {channel.p2MPStreamingStatuses.map((status) => readings(status) ?? '{}').join('; ') || none}
          </LabelledValue>
          <LabelledValue label={t('videoReturn.config.ips')} testId="vr-ips">
            {ips.data === undefined || ips.data.ips.length === 0 ? t('videoReturn.config.noIps') : ips.data.ips.join(', ')}
          </LabelledValue>
        </SimpleGrid>
      </InfoSection>
    </Stack>
  );
}
