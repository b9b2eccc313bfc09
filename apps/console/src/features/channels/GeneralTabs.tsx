/**
 * The General, NDI and Tally tabs of the manage-channel modal (spec 001 §2, §3 Channel config):
 * one admin call, PUT v2/admin/channels/{id}, at the version the modal read (a change made
 * elsewhere meanwhile answers 409 and changes nothing). The General tab also shows the channel's
 * logs (ChannelLogs.tsx).
 */
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHANNEL_MODES } from '@fleet/contracts';
import { ConfigFields, type ConfigRow } from '../../kit/ConfigFields';
import { generalBody, generalForm, ndiBody, ndiForm, tallyBody, tallyForm } from './channelForms';
import type { GeneralForm } from './channelForms';
import { ChannelLogsSection } from './ChannelLogs';
import { ChannelCard, useChannelModal } from './parts';
import { MutedText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';

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

/** A form of the one admin call, at the version the modal read. */
function adminCall<F>(version: number, toBody: (values: F, version: number) => object) {
  return { endpoint: ENDPOINT, toBody: (values: F) => toBody(values, version) } as const;
}

export function GeneralTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  const { version } = details.channel;
  const { outputLicence } = details;
  const text = (name: 'name' | 'port' | 'sdiNo') => ({ kind: 'text', name, label: t(`channels.general.${name}`) }) as const;
  const fields: ConfigRow<GeneralForm>[] = [
    [
      text('name'),
      {
        kind: 'select',
        name: 'mode',
        label: t('channels.general.mode'),
        options: [{ value: '', label: t('channels.general.noMode') }, ...CHANNEL_MODES.map((m) => ({ value: m, label: t(`channels.general.modes.${m}`) }))],
      },
      text('port'),
      text('sdiNo'),
    ],
  ];
  return (
    <>
      <ChannelCard
        formId="general"
        title={t('channels.modal.tabs.general')}
        source={generalForm(details.general)}
        {...adminCall(version, generalBody)}
        savedName={(values) => values.name.trim()}
        fields={fields}
        cols={{ base: 1, sm: 2 }}
      >
        {(form) => (
          <>
            <ConfigFields
              prefix="channel"
              formId="general"
              form={form}
              fields={[FLAGS.map((flag) => ({ kind: 'checkbox', name: flag, label: t(`channels.general.flags.${flag}`) }) as const)]}
              error={() => undefined}
              cols={{ base: 2, sm: 3 }}
            />
            <Group gap="xs">
              <MutedText>{t('channels.general.type')}</MutedText>
              <Badge variant="light" data-testid="channel-general-type">
                {enumLabel(t, 'channels.types', details.channel.type)}
              </Badge>
              <Text size="sm" c="dimmed" data-testid="channel-general-licence">
                {outputLicence.licensed == null
                  ? t('channels.general.licenceUnlimited', { used: outputLicence.used })
                  : t('channels.general.licence', { used: outputLicence.used, licensed: outputLicence.licensed })}
              </Text>
            </Group>
          </>
        )}
      </ChannelCard>
      <ChannelLogsSection />
    </>
  );
}

export function NdiTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  return (
    <ChannelCard
      formId="ndi"
      title={t('channels.modal.tabs.ndi')}
      source={ndiForm(details)}
      {...adminCall(details.channel.version, ndiBody)}
      fields={[{ kind: 'checkbox', name: 'ndi', label: t('channels.ndi.enabled'), testId: 'channel-ndi-enabled' }]}
    />
  );
}

export function TallyTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  return (
    <ChannelCard
      formId="tally"
      title={t('channels.modal.tabs.tally')}
      source={tallyForm(details)}
      {...adminCall(details.channel.version, tallyBody)}
      fields={[{ kind: 'text', name: 'tally', label: t('channels.tally.name'), testId: 'channel-tally-name' }]}
    >
      {() => (
        <MutedText testId="channel-tally-hw">{t('channels.tally.hwStatus', { status: details.channel.tallyHwStatus ?? t('channels.cells.none') })}</MutedText>
      )}
    </ChannelCard>
  );
}
