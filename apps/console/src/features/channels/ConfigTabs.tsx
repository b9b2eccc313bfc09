/**
 * The tabs read through their own channel configuration calls: SMPTE 2110 (channels/{id}/smpte,
 * with its SMPTE metadata: read again only when 60 s old, spec 000 §9 / 001 §9, or after a save),
 * the FFMPEG override (channels/{id}/ffmpeg, in the streaming destination settings; for admins
 * also its admin view, v2/admin/channels/{id}/ffmpeg) and Facebook
 * go-live (socialmediadetails). Each loads the current values, then edits them at that version.
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Loader, NativeSelect, PasswordInput, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChannelFfmpegBody, ChannelSmpteBody, SMPTE_FLOW_KINDS, SOCIAL_PRIVACY, TIMINGS, UpdateSocialMediaBody } from '@fleet/contracts';
import type { ChannelFfmpeg, ChannelSmpte, SocialMediaDetails } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { smpteBody, smpteForm, socialBody, socialForm } from './channelForms';
import type { FfmpegForm, SmpteForm, SmpteRow, SocialForm } from './channelForms';
import { ChannelFormSection, useCanApply, useChannelModal } from './parts';
import { useChannelForm } from './useChannelForm';
import { useCanCall } from '../../kit/access';

/** A read's loading and failure, then its content. */
export function Loaded<T>({ query, children }: { query: { data?: T | undefined; error: unknown; isPending: boolean }; children: (data: T) => ReactNode }) {
  const errorText = useApiErrorMessage();
  if (query.error) return <Alert color="red">{errorText(query.error)}</Alert>;
  if (query.data === undefined) return <Loader size="sm" />;
  return <>{children(query.data)}</>;
}

function SmpteFormView({ current }: { current: ChannelSmpte }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('updateChannelSmpte');
  const source = useMemo(() => smpteForm(current), [current]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source,
    endpoint: 'updateChannelSmpte',
    schema: ChannelSmpteBody,
    toBody: (values: SmpteForm) => smpteBody(values, current.version),
    toInput: (body) => ({ params: { id: channel.channelId }, body: body as ChannelSmpteBody }),
    refresh: ['getChannelSmpte'],
  });
  const error = useFieldError('channel-error-smpte', form.errors);
  const setRow = (index: number, patch: Partial<SmpteRow>) =>
    form.set({ flows: form.values.flows.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  return (
    <ChannelFormSection formId="smpte" title={t('channels.modal.tabs.smpte')} form={form} allowed={allowed}>
      <Checkbox
        label={t('channels.smpte.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="channel-smpte-enabled"
      />
      <Text size="sm" c="dimmed" data-testid="channel-smpte-configured">
        {current.smpteMetadata.isConfigured ? t('channels.smpte.configured') : t('channels.smpte.notConfigured')}
      </Text>
      {form.values.flows.map((row, i) => (
        <SimpleGrid key={i} cols={{ base: 2, sm: 6 }} data-testid={`channel-smpte-flow-${i}`}>
          <NativeSelect
            label={t('channels.smpte.kind')}
            value={row.kind}
            onChange={(e) => setRow(i, { kind: e.currentTarget.value as SmpteRow['kind'] })}
            data={SMPTE_FLOW_KINDS.map((k) => ({ value: k, label: t(`channels.smpte.kinds.${k}`) }))}
          />
          <TextInput
            label={t('channels.smpte.primaryIp')}
            value={row.primaryIp}
            onChange={(e) => setRow(i, { primaryIp: e.currentTarget.value })}
            error={error(`flows.${i}.primary.ip`)}
            data-testid={`channel-smpte-${i}-primaryIp`}
          />
          <TextInput
            label={t('channels.smpte.primaryPort')}
            value={row.primaryPort}
            onChange={(e) => setRow(i, { primaryPort: e.currentTarget.value })}
            error={error(`flows.${i}.primary.port`)}
            data-testid={`channel-smpte-${i}-primaryPort`}
          />
          <TextInput
            label={t('channels.smpte.secondaryIp')}
            value={row.secondaryIp}
            onChange={(e) => setRow(i, { secondaryIp: e.currentTarget.value })}
            error={error(`flows.${i}.secondary.ip`)}
          />
          <TextInput
            label={t('channels.smpte.secondaryPort')}
            value={row.secondaryPort}
            onChange={(e) => setRow(i, { secondaryPort: e.currentTarget.value })}
            error={error(`flows.${i}.secondary.port`)}
          />
          <Group align="flex-end">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('channels.smpte.remove')}
              onClick={() => form.set({ flows: form.values.flows.filter((_, j) => j !== i) })}
            >
              ×
            </ActionIcon>
          </Group>
        </SimpleGrid>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => form.set({ flows: [...form.values.flows, { kind: 'video', primaryIp: '', primaryPort: '', secondaryIp: '', secondaryPort: '' }] })}
          data-testid="channel-smpte-add"
        >
          {t('channels.smpte.add')}
        </Button>
      </Group>
    </ChannelFormSection>
  );
}

export function SmpteTab() {
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('getChannelSmpte', { params: { id: channelId } }, { staleTime: TIMINGS.smpteMetadataCacheMs });
  return <Loaded query={query}>{(current) => <SmpteFormView current={current} />}</Loaded>;
}

function FfmpegFormView({ current }: { current: ChannelFfmpeg }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('updateChannelFfmpeg');
  const source = useMemo((): FfmpegForm => ({ enabled: current.enabled, override: current.override }), [current]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source,
    endpoint: 'updateChannelFfmpeg',
    schema: ChannelFfmpegBody,
    toBody: (values: FfmpegForm) => ({ ...values, version: current.version }),
    toInput: (body) => ({ params: { id: channel.channelId }, body: body as ChannelFfmpegBody }),
    refresh: ['getChannelFfmpeg', 'getAdminChannelFfmpeg'],
  });
  const error = useFieldError('channel-error-ffmpeg', form.errors);
  return (
    <ChannelFormSection formId="ffmpeg" title={t('channels.ffmpeg.title')} form={form} allowed={allowed}>
      <Checkbox
        label={t('channels.ffmpeg.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="channel-ffmpeg-enabled"
      />
      <Textarea
        label={t('channels.ffmpeg.override')}
        autosize
        minRows={2}
        value={form.values.override}
        onChange={(e) => form.set({ override: e.currentTarget.value })}
        error={error('override')}
        data-testid="channel-ffmpeg-override"
      />
    </ChannelFormSection>
  );
}

/**
 * The admin view of the same override (v2/admin/channels/{id}/ffmpeg), for admins of one of the
 * channel's inventories (super user and staff: every channel); either form refreshes the other.
 */
function AdminFfmpegFormView({ current }: { current: ChannelFfmpeg }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('updateAdminChannelFfmpeg');
  const source = useMemo((): FfmpegForm => ({ enabled: current.enabled, override: current.override }), [current]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source,
    endpoint: 'updateAdminChannelFfmpeg',
    schema: ChannelFfmpegBody,
    toBody: (values: FfmpegForm) => ({ ...values, version: current.version }),
    toInput: (body) => ({ params: { id: channel.channelId }, body: body as ChannelFfmpegBody }),
    refresh: ['getAdminChannelFfmpeg', 'getChannelFfmpeg'],
  });
  const error = useFieldError('channel-error-adminFfmpeg', form.errors);
  return (
    <ChannelFormSection formId="adminFfmpeg" title={t('channels.ffmpeg.adminTitle')} form={form} allowed={allowed}>
      <Text size="sm" c="dimmed">
        {t('channels.ffmpeg.adminHint')}
      </Text>
      <Checkbox
        label={t('channels.ffmpeg.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="channel-adminFfmpeg-enabled"
      />
      <Textarea
        label={t('channels.ffmpeg.override')}
        autosize
        minRows={2}
        value={form.values.override}
        onChange={(e) => form.set({ override: e.currentTarget.value })}
        error={error('override')}
        data-testid="channel-adminFfmpeg-override"
      />
    </ChannelFormSection>
  );
}

function AdminFfmpegSection() {
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('getAdminChannelFfmpeg', { params: { id: channelId } });
  return <Loaded query={query}>{(current) => <AdminFfmpegFormView current={current} />}</Loaded>;
}

export function FfmpegSection() {
  const { channelId } = useChannelModal().details.channel;
  const admin = useCanCall('getAdminChannelFfmpeg');
  const query = useEndpointQuery('getChannelFfmpeg', { params: { id: channelId } });
  return (
    <>
      <Loaded query={query}>{(current) => <FfmpegFormView current={current} />}</Loaded>
      {admin && <AdminFfmpegSection />}
    </>
  );
}

function SocialFormView({ current }: { current: SocialMediaDetails }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('updateSocialMediaDetails');
  const source = useMemo(() => socialForm(current), [current]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source,
    endpoint: 'updateSocialMediaDetails',
    schema: UpdateSocialMediaBody,
    toBody: (values: SocialForm) => socialBody(values, channel.channelId, current.version),
    toInput: (body) => ({ body: body as UpdateSocialMediaBody }),
    refresh: ['fetchSocialMediaDetails'],
  });
  const error = useFieldError('channel-error-social', form.errors);
  return (
    <ChannelFormSection formId="social" title={t('channels.social.title')} form={form} allowed={allowed}>
      <Checkbox
        label={t('channels.social.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="channel-social-enabled"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('channels.social.pageId')}
          value={form.values.pageId}
          onChange={(e) => form.set({ pageId: e.currentTarget.value })}
          error={error('pageId')}
          data-testid="channel-social-pageId"
        />
        <TextInput
          label={t('channels.social.titleField')}
          value={form.values.title}
          onChange={(e) => form.set({ title: e.currentTarget.value })}
          error={error('title')}
          data-testid="channel-social-title"
        />
        <NativeSelect
          label={t('channels.social.privacy')}
          value={form.values.privacy}
          onChange={(e) => form.set({ privacy: e.currentTarget.value as SocialForm['privacy'] })}
          data={SOCIAL_PRIVACY.map((p) => ({ value: p, label: t(`channels.social.privacies.${p}`) }))}
          data-testid="channel-social-privacy"
        />
        <PasswordInput
          label={t('channels.social.accessToken')}
          description={current.hasAccessToken ? t('channels.social.tokenKept') : undefined}
          value={form.values.accessToken}
          onChange={(e) => form.set({ accessToken: e.currentTarget.value })}
          error={error('accessToken')}
          data-testid="channel-social-accessToken"
        />
      </SimpleGrid>
      <Textarea
        label={t('channels.social.description')}
        autosize
        minRows={2}
        value={form.values.description}
        onChange={(e) => form.set({ description: e.currentTarget.value })}
        error={error('description')}
      />
    </ChannelFormSection>
  );
}

export function SocialTab() {
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('fetchSocialMediaDetails', { query: { channelId } });
  return <Loaded query={query}>{(current) => <SocialFormView current={current} />}</Loaded>;
}
