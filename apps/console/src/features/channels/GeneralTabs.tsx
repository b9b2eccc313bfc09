/**
 * The General, NDI and Tally tabs of the manage-channel modal (spec 001 §2, §3 Channel config):
 * one admin call, PUT v2/admin/channels/{id}, at the version the modal read (a change made
 * elsewhere meanwhile answers 409 and changes nothing). The General tab also shows the channel's
 * logs (ChannelLogs.tsx).
 */
import { Badge, Checkbox, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_MODES, UpdateAdminChannelBody } from '@fleet/contracts';
import type { ChannelMode } from '@fleet/contracts';
import { useFieldError } from '../../lib/forms/useFieldError';
import { generalBody, generalForm, ndiBody, ndiForm, tallyBody, tallyForm } from './channelForms';
import type { GeneralForm } from './channelForms';
import { ChannelLogsSection } from './ChannelLogs';
import { ChannelFormSection, useCanApply, useChannelModal } from './parts';
import { useChannelForm } from './useChannelForm';

const ENDPOINT = 'updateAdminChannel';
const FLAGS = [
  'recording',
  'output',
  'preview',
  'forceOutput',
  'forwardRtmp',
  'distributor',
  'studio',
  'sharing',
  'smpte',
  'fourK',
] as const satisfies readonly (keyof GeneralForm)[];

function useAdminChannelForm<F extends object>(source: F, toBody: (values: F, version: number) => object, savedName?: (values: F) => string) {
  const { details } = useChannelModal();
  const { channelId, channelName, version } = details.channel;
  return useChannelForm({
    channelName,
    source,
    endpoint: ENDPOINT,
    schema: UpdateAdminChannelBody,
    toBody: (values: F) => toBody(values, version),
    toInput: (body) => ({ params: { id: channelId }, body: body as UpdateAdminChannelBody }),
    ...(savedName ? { savedName } : {}),
  });
}

const newName = (values: GeneralForm) => values.name.trim();

export function GeneralTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  const allowed = useCanApply(ENDPOINT);
  const source = useMemo(() => generalForm(details.general), [details.general]);
  const form = useAdminChannelForm(source, generalBody, newName);
  const error = useFieldError('channel-error-general', form.errors);
  const { outputLicence } = details;
  return (
    <>
      <ChannelFormSection formId="general" title={t('channels.modal.tabs.general')} form={form} allowed={allowed}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('channels.general.name')}
            value={form.values.name}
            onChange={(e) => form.set({ name: e.currentTarget.value })}
            error={error('name')}
            data-testid="channel-general-name"
          />
          <NativeSelect
            label={t('channels.general.mode')}
            value={form.values.mode}
            onChange={(e) => form.set({ mode: e.currentTarget.value as ChannelMode | '' })}
            data={[{ value: '', label: t('channels.general.noMode') }, ...CHANNEL_MODES.map((m) => ({ value: m, label: t(`channels.general.modes.${m}`) }))]}
            error={error('mode')}
            data-testid="channel-general-mode"
          />
          <TextInput
            label={t('channels.general.port')}
            value={form.values.port}
            onChange={(e) => form.set({ port: e.currentTarget.value })}
            error={error('port')}
            data-testid="channel-general-port"
          />
          <TextInput
            label={t('channels.general.sdiNo')}
            value={form.values.sdiNo}
            onChange={(e) => form.set({ sdiNo: e.currentTarget.value })}
            error={error('sdiNo')}
            data-testid="channel-general-sdiNo"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`channels.general.flags.${flag}`)}
              checked={form.values[flag]}
              onChange={(e) => form.set({ [flag]: e.currentTarget.checked })}
              data-testid={`channel-general-${flag}`}
            />
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('channels.general.type')}
          </Text>
          <Badge variant="light" data-testid="channel-general-type">
            {t(`channels.types.${details.channel.type}`)}
          </Badge>
          <Text size="sm" c="dimmed" data-testid="channel-general-licence">
            {outputLicence.licensed === null
              ? t('channels.general.licenceUnlimited', { used: outputLicence.used })
              : t('channels.general.licence', { used: outputLicence.used, licensed: outputLicence.licensed })}
          </Text>
        </Group>
      </ChannelFormSection>
      <ChannelLogsSection />
    </>
  );
}

export function NdiTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  const allowed = useCanApply(ENDPOINT);
  const source = useMemo(() => ndiForm(details), [details]);
  const form = useAdminChannelForm(source, ndiBody);
  return (
    <ChannelFormSection formId="ndi" title={t('channels.modal.tabs.ndi')} form={form} allowed={allowed}>
      <Checkbox
        label={t('channels.ndi.enabled')}
        checked={form.values.ndi}
        onChange={(e) => form.set({ ndi: e.currentTarget.checked })}
        data-testid="channel-ndi-enabled"
      />
    </ChannelFormSection>
  );
}

export function TallyTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  const allowed = useCanApply(ENDPOINT);
  const source = useMemo(() => tallyForm(details), [details]);
  const form = useAdminChannelForm(source, tallyBody);
  const error = useFieldError('channel-error-tally', form.errors);
  return (
    <ChannelFormSection formId="tally" title={t('channels.modal.tabs.tally')} form={form} allowed={allowed}>
      <TextInput
        label={t('channels.tally.name')}
        value={form.values.tally}
        onChange={(e) => form.set({ tally: e.currentTarget.value })}
        error={error('tally')}
        data-testid="channel-tally-name"
      />
      <Text size="sm" c="dimmed" data-testid="channel-tally-hw">
        {t('channels.tally.hwStatus', { status: details.channel.tallyHwStatus ?? t('channels.cells.none') })}
      </Text>
    </ChannelFormSection>
  );
}
