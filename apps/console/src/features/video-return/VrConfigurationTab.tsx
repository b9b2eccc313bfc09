/**
 * The configuration tab (spec 001 §3 video return configuration): the input source switched at
 * once (VrInputSource), and the whole configuration: input type disabled / SDI / SRT
 * and, for SRT, URL, passphrase (SRT key: 10-64 characters without special characters, §5),
 * destination port and latency; name and description. Checked with the call's own body schema in
 * the spec's words, applied through POST v0/video-return-channels/{uniqueId}/update (sent to the
 * device first: its refusal, e.g. "Configuration not sent, retry", shows as the form's failure).
 */
import { useMemo } from 'react';
import { Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UpdateVrChannelBody, VR_INPUT_TYPES } from '@fleet/contracts';
import type { Role, VrChannelDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useFieldError } from '../../lib/forms/useFieldError';
import { ChannelFormSection } from '../channels/parts';
import { useChannelForm } from '../channels/useChannelForm';
import { VrInputSource } from './VrInputSource';
import { vrConfigBody, vrConfigExtra, vrConfigForm } from './vrForms';
import type { VrConfigForm } from './vrForms';
import type { VrInputType } from './vrFilters';
import { canApply } from '../../kit/access';

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function VrConfigurationTab({ channel, roles }: { channel: VrChannelDetail; roles: readonly Role[] }) {
  const { t } = useTranslation();
  const allowed = canApply(roles, 'updateVrChannel');
  const id = channel.uniqueId;
  const capabilities = useEndpointQuery('getVrChannelCapabilities', { params: { id } }, { retry: false });
  const ips = useEndpointQuery('getVrChannelIps', { params: { id } }, { retry: false });
  const source = useMemo(() => vrConfigForm(channel), [channel]);
  const form = useChannelForm({
    channelName: channel.name,
    source,
    endpoint: 'updateVrChannel',
    schema: UpdateVrChannelBody,
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
  const srt = form.values.inputType === 'srt';

  return (
    <Stack gap="md">
      <VrInputSource channel={channel} allowed={canApply(roles, 'setVrChannelInputSource')} />
      <ChannelFormSection formId="vrConfiguration" title={t('videoReturn.config.title')} form={form} allowed={allowed}>
        <TextInput
          label={t('videoReturn.config.name')}
          value={form.values.name}
          onChange={(e) => form.set({ name: e.currentTarget.value })}
          error={error('channel.name')}
          data-testid="vr-config-name"
        />
        <Textarea
          label={t('videoReturn.config.description')}
          value={form.values.description}
          onChange={(e) => form.set({ description: e.currentTarget.value })}
          error={error('channel.description')}
          autosize
          minRows={1}
          data-testid="vr-config-description"
        />
        <NativeSelect
          label={t('videoReturn.config.inputType')}
          value={form.values.inputType}
          onChange={(e) => form.set({ inputType: e.currentTarget.value as VrInputType })}
          data={inputTypes.map((type) => ({ value: type, label: t(`videoReturn.inputTypes.${type}`) }))}
          error={error('channel.inputType')}
          data-testid="vr-config-inputType"
        />
        {srt && (
          <>
            <TextInput
              label={t('videoReturn.config.url')}
              placeholder={t('videoReturn.config.urlPlaceholder')}
              value={form.values.url}
              onChange={(e) => form.set({ url: e.currentTarget.value })}
              error={error('channel.url')}
              data-testid="vr-config-url"
            />
            <TextInput
              label={t('videoReturn.config.passphrase')}
              description={t('videoReturn.config.passphraseHint')}
              value={form.values.passphrase}
              onChange={(e) => form.set({ passphrase: e.currentTarget.value })}
              error={error('channel.passphrase')}
              autoComplete="off"
              data-testid="vr-config-passphrase"
            />
            <Group grow>
              <TextInput
                label={t('videoReturn.config.destinationPort')}
                value={form.values.destinationPort}
                onChange={(e) => form.set({ destinationPort: e.currentTarget.value })}
                error={error('channel.destinationPort')}
                inputMode="numeric"
                data-testid="vr-config-destinationPort"
              />
              <TextInput
                label={t('videoReturn.config.latency')}
                value={form.values.latency}
                onChange={(e) => form.set({ latency: e.currentTarget.value })}
                error={error('channel.latency')}
                inputMode="numeric"
                data-testid="vr-config-latency"
              />
            </Group>
          </>
        )}
      </ChannelFormSection>
      <Paper withBorder p="md" data-testid="vr-details">
        <Stack gap="sm">
          <Title order={5}>{t('videoReturn.config.details')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Detail label={t('videoReturn.config.uniqueId')} value={channel.uniqueId} />
            <Detail label={t('videoReturn.config.serial')} value={channel.serialNumber ?? none} />
            <Detail label={t('videoReturn.config.server')} value={channel.serverName ?? channel.serverId ?? none} />
            <Detail label={t('videoReturn.config.inputStandard')} value={channel.inputStandard ?? none} />
            <Detail
              label={t('videoReturn.config.ips')}
              value={ips.data === undefined || ips.data.ips.length === 0 ? t('videoReturn.config.noIps') : ips.data.ips.join(', ')}
              testId="vr-ips"
            />
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}
