/**
 * The Streaming tab: the channel's bandwidth limit (spec 001 §3 cap options: disabled, custom,
 * 3.6 ... 8.0 Mbps) and its private session (PUT channels/bwLimit, channels/privateSession, for
 * this one channel).
 */
import { useMemo } from 'react';
import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BANDWIDTH_CAP_OPTIONS, BwLimitBody, PrivateSessionBody } from '@fleet/contracts';
import { useFieldError } from '../../lib/forms/useFieldError';
import { bwLimitBody, bwLimitForm } from './channelForms';
import type { BwLimitForm } from './channelForms';
import { ChannelFormSection, useCanApply, useChannelModal } from './parts';
import { useChannelForm } from './useChannelForm';

function BandwidthForm() {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('setChannelsBwLimit');
  const source = useMemo(() => bwLimitForm(channel.bandwidthLimit, BANDWIDTH_CAP_OPTIONS), [channel.bandwidthLimit]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source,
    endpoint: 'setChannelsBwLimit',
    schema: BwLimitBody,
    toBody: (values: BwLimitForm) => bwLimitBody(values, channel.channelId),
    toInput: (body) => ({ body: body as BwLimitBody }),
  });
  const error = useFieldError('channel-error-bwLimit', form.errors);
  return (
    <ChannelFormSection formId="bwLimit" title={t('channels.streaming.bwLimit')} form={form} allowed={allowed}>
      <NativeSelect
        label={t('channels.streaming.limit')}
        value={form.values.limit}
        onChange={(e) => form.set({ limit: e.currentTarget.value })}
        data={BANDWIDTH_CAP_OPTIONS.map((o) => ({
          value: o,
          label: o === 'disabled' || o === 'custom' ? t(`channels.streaming.caps.${o}`) : t('channels.streaming.mbps', { value: o }),
        }))}
        error={error('limit')}
        data-testid="channel-bwLimit-limit"
      />
      {form.values.limit === 'custom' && (
        <TextInput
          label={t('channels.streaming.customKbps')}
          value={form.values.customKbps}
          onChange={(e) => form.set({ customKbps: e.currentTarget.value })}
          error={error('customKbps')}
          data-testid="channel-bwLimit-customKbps"
        />
      )}
    </ChannelFormSection>
  );
}

function PrivateSessionForm() {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('setChannelsPrivateSession');
  const source = useMemo(() => ({ privateSession: channel.privateSession }), [channel.privateSession]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source,
    endpoint: 'setChannelsPrivateSession',
    schema: PrivateSessionBody,
    toBody: (values: typeof source) => ({ channelIds: [channel.channelId], privateSession: values.privateSession }),
    toInput: (body) => ({ body: body as PrivateSessionBody }),
  });
  return (
    <ChannelFormSection formId="privateSession" title={t('channels.streaming.privateSession')} form={form} allowed={allowed}>
      <Checkbox
        label={t('channels.streaming.privateSessionOn')}
        checked={form.values.privateSession}
        onChange={(e) => form.set({ privateSession: e.currentTarget.checked })}
        data-testid="channel-privateSession"
      />
    </ChannelFormSection>
  );
}

export function StreamingTab() {
  return (
    <>
      <BandwidthForm />
      <PrivateSessionForm />
    </>
  );
}
