/**
 * The tabs read through their own channel configuration calls: SMPTE 2110 (channels/{id}/smpte,
 * with its SMPTE metadata: read again only when 60 s old, spec 000 §9 / 001 §9, or after a save),
 * the FFMPEG override (channels/{id}/ffmpeg, in the streaming destination settings; for admins
 * also its admin view, v2/admin/channels/{id}/ffmpeg) and Facebook
 * go-live (socialmediadetails). Each loads the current values, then edits them at that version.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Loader, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SMPTE_FLOW_KINDS, SOCIAL_PRIVACY, TIMINGS } from '@fleet/contracts';
import type { ChannelFfmpeg, ChannelSmpte, SocialMediaDetails } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { ConfigFields, type ConfigField } from '../../kit/ConfigFields';
import { smpteBody, smpteForm, socialBody, socialForm } from './channelForms';
import type { SmpteForm, SmpteRow, SocialForm } from './channelForms';
import { ChannelCard, useChannelModal } from './parts';
import { useCanCall } from '../../kit/access';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText } from '../../kit/MutedText';

/** A read's loading and failure, then its content. */
export function Loaded<T>({ query, children }: { query: { data?: T | undefined; error: unknown; isPending: boolean }; children: (data: T) => ReactNode }) {
  if (query.error) return <ErrorAlert error={query.error} />;
  if (query.data === undefined) return <Loader size="sm" />;
  return <>{children(query.data)}</>;
}

/** A flow row's inputs and where the body's messages about them are. */
const FLOW_PATHS = { primaryIp: 'primary.ip', primaryPort: 'primary.port', secondaryIp: 'secondary.ip', secondaryPort: 'secondary.port' } as const;
const BLANK_FLOW: SmpteRow = { kind: 'video', primaryIp: '', primaryPort: '', secondaryIp: '', secondaryPort: '' };

function SmpteFormView({ current }: { current: ChannelSmpte }) {
  const { t } = useTranslation();
  const flowFields: ConfigField<SmpteRow>[] = [
    {
      kind: 'select',
      name: 'kind',
      label: t('channels.smpte.kind'),
      options: SMPTE_FLOW_KINDS.map((k) => ({ value: k, label: t(`channels.smpte.kinds.${k}`) })),
    },
    ...(['primaryIp', 'primaryPort', 'secondaryIp', 'secondaryPort'] as const).map(
      (name) => ({ kind: 'text', name, label: t(`channels.smpte.${name}`) }) as const,
    ),
  ];
  return (
    <ChannelCard
      formId="smpte"
      title={t('channels.modal.tabs.smpte')}
      source={smpteForm(current)}
      endpoint="updateChannelSmpte"
      toBody={(values: SmpteForm) => smpteBody(values, current.version)}
      refresh={['getChannelSmpte']}
      fields={[{ kind: 'checkbox', name: 'enabled', label: t('channels.smpte.enabled') }]}
      shows={['flows']}
    >
      {(form, error) => {
        const { flows } = form.values;
        const row = (i: number) => ({
          values: flows[i] ?? BLANK_FLOW,
          set: (patch: Partial<SmpteRow>) => form.set({ flows: flows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }),
        });
        const rowError = (i: number) => (name: string) => name in FLOW_PATHS && error(`flows.${i}.${FLOW_PATHS[name as keyof typeof FLOW_PATHS]}`);
        return (
          <>
            <MutedText testId="channel-smpte-configured">
              {current.smpteMetadata.isConfigured ? t('channels.smpte.configured') : t('channels.smpte.notConfigured')}
            </MutedText>
            {flows.map((_, i) => (
              <SimpleGrid key={i} cols={{ base: 2, sm: 6 }} data-testid={`channel-smpte-flow-${i}`}>
                <ConfigFields prefix="channel" formId={`smpte-${i}`} form={row(i)} fields={flowFields} error={rowError(i)} />
                <Group align="flex-end">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('channels.smpte.remove')}
                    onClick={() => form.set({ flows: flows.filter((_, j) => j !== i) })}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </SimpleGrid>
            ))}
            <Group>
              <Button size="xs" variant="light" onClick={() => form.set({ flows: [...flows, BLANK_FLOW] })} data-testid="channel-smpte-add">
                {t('channels.smpte.add')}
              </Button>
            </Group>
          </>
        );
      }}
    </ChannelCard>
  );
}

export function SmpteTab() {
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('getChannelSmpte', { params: { id: channelId } }, { staleTime: TIMINGS.smpteMetadataCacheMs });
  return <Loaded query={query}>{(current) => <SmpteFormView current={current} />}</Loaded>;
}

/**
 * The override as the channel's settings (channels/{id}/ffmpeg) or its admin view (v2/admin/channels/{id}/ffmpeg, for admins
 * of one of the channel's inventories; super user and staff: every channel); either form refreshes the other.
 */
function FfmpegFormView({ current, admin }: { current: ChannelFfmpeg; admin: boolean }) {
  const { t } = useTranslation();
  const formId = admin ? 'adminFfmpeg' : 'ffmpeg';
  const reads = ['getChannelFfmpeg', 'getAdminChannelFfmpeg'] as const;
  return (
    <ChannelCard
      formId={formId}
      title={t(admin ? 'channels.ffmpeg.adminTitle' : 'channels.ffmpeg.title')}
      source={{ enabled: current.enabled, override: current.override }}
      endpoint={admin ? 'updateAdminChannelFfmpeg' : 'updateChannelFfmpeg'}
      toBody={(values: Pick<ChannelFfmpeg, 'enabled' | 'override'>) => ({ ...values, version: current.version })}
      refresh={admin ? [...reads].reverse() : reads}
      fields={[
        { kind: 'checkbox', name: 'enabled', label: t('channels.ffmpeg.enabled') },
        { kind: 'textarea', name: 'override', label: t('channels.ffmpeg.override') },
      ]}
      intro={admin && <MutedText>{t('channels.ffmpeg.adminHint')}</MutedText>}
    />
  );
}

export function FfmpegSection() {
  const { channelId } = useChannelModal().details.channel;
  const admin = useCanCall('getAdminChannelFfmpeg');
  const query = useEndpointQuery('getChannelFfmpeg', { params: { id: channelId } });
  const adminQuery = useEndpointQuery('getAdminChannelFfmpeg', { params: { id: channelId } }, { enabled: admin });
  return (
    <>
      <Loaded query={query}>{(current) => <FfmpegFormView current={current} admin={false} />}</Loaded>
      {admin && <Loaded query={adminQuery}>{(current) => <FfmpegFormView current={current} admin />}</Loaded>}
    </>
  );
}

function SocialFormView({ current }: { current: SocialMediaDetails }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  return (
    <ChannelCard
      formId="social"
      title={t('channels.social.title')}
      source={socialForm(current)}
      endpoint="updateSocialMediaDetails"
      toBody={(values: SocialForm) => socialBody(values, channel.channelId, current.version)}
      refresh={['fetchSocialMediaDetails']}
      fields={[
        { kind: 'checkbox', name: 'enabled', label: t('channels.social.enabled') },
        [
          { kind: 'text', name: 'pageId', label: t('channels.social.pageId') },
          { kind: 'text', name: 'title', label: t('channels.social.titleField') },
          {
            kind: 'select',
            name: 'privacy',
            label: t('channels.social.privacy'),
            options: SOCIAL_PRIVACY.map((p) => ({ value: p, label: t(`channels.social.privacies.${p}`) })),
          },
          {
            kind: 'password',
            name: 'accessToken',
            label: t('channels.social.accessToken'),
            description: current.hasAccessToken ? t('channels.social.tokenKept') : undefined,
          },
        ],
        { kind: 'textarea', name: 'description', label: t('channels.social.description') },
      ]}
      cols={{ base: 1, sm: 2 }}
    />
  );
}

export function SocialTab() {
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('fetchSocialMediaDetails', { query: { channelId } });
  return <Loaded query={query}>{(current) => <SocialFormView current={current} />}</Loaded>;
}
