/**
 * The Streaming tab: the channel's bandwidth limit (spec 001 §3 cap options: disabled, custom,
 * 3.6 ... 8.0 Mbps) and its private session (PUT channels/bwLimit, channels/privateSession, for
 * this one channel).
 */
import { useTranslation } from 'react-i18next';
import { BANDWIDTH_CAP_OPTIONS } from '@fleet/contracts';
import { bwLimitBody, bwLimitForm } from './channelForms';
import type { BwLimitForm } from './channelForms';
import { ChannelCard, useChannelModal } from './parts';

export function StreamingTab() {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const capLabel = (o: string) => (o === 'disabled' || o === 'custom' ? t(`channels.streaming.caps.${o}`) : t('channels.streaming.mbps', { value: o }));
  return (
    <>
      <ChannelCard
        formId="bwLimit"
        title={t('channels.streaming.bwLimit')}
        source={bwLimitForm(channel.bandwidthLimit, BANDWIDTH_CAP_OPTIONS)}
        endpoint="setChannelsBwLimit"
        toBody={(values: BwLimitForm) => bwLimitBody(values, channel.channelId)}
        fields={[
          {
            kind: 'select',
            name: 'limit',
            label: t('channels.streaming.limit'),
            options: BANDWIDTH_CAP_OPTIONS.map((o) => ({ value: o, label: capLabel(o) })),
          },
          { kind: 'text', name: 'customKbps', label: t('channels.streaming.customKbps'), when: (v) => v.limit === 'custom' },
        ]}
      />
      <ChannelCard
        formId="privateSession"
        title={t('channels.streaming.privateSession')}
        source={{ privateSession: channel.privateSession }}
        endpoint="setChannelsPrivateSession"
        toBody={(values: { privateSession: boolean }) => ({ channelIds: [channel.channelId], privateSession: values.privateSession })}
        fields={[{ kind: 'checkbox', name: 'privateSession', label: t('channels.streaming.privateSessionOn'), testId: 'channel-privateSession' }]}
      />
    </>
  );
}
