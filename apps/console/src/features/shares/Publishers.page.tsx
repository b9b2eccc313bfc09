/**
 * /manage/shares/publishers (spec 001 §2 shares, §3 Publisher), declared on the resource kit: the
 * publishers of the user's groups (one group's when picked), searched by name, kept current over
 * /ws; create and edit (group, name and description with the §5 rules inline, the group's shared
 * sources), a new share key after a confirmation, delete, and each publisher's share links (at
 * most 10, §9). The route is for SHARES_ROLES, who may also write.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Code, Input, Stack } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { MultiSelect } from '../../components/MultiSelect';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, PUBLISHER_SORT_KEYS, type Publisher } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { PageTitle } from '../../components/PageTitle';
import { defineResource, op, RowButtonsPage, searchQuery, useToastMutation, versionedUpdate, type CustomFieldProps, type Field } from '../../kit';
import type { PageProps } from '../../pages/types';
import { invalidateReads } from '../../realtime/systemEntities';
import { naturalSortBy } from '../../lib/naturalSort';
import { ChannelMultiPicker } from '../channels/ChannelMultiPicker';
import { useUserChannels, type PickerChannel } from '../channels/ChannelPicker';
import { publisherErrors, publisherSourcesValues, sourcesBody, sourceValue, type PublisherFormValues } from './shareForms';
import ShareLinksModal from './ShareLinksModal';
import { dateText } from '../../lib/dateFormat';

/** The form's values with the publisher's sources as saved (the picker names one the group no longer has). */
interface PublisherForm extends PublisherFormValues {
  readonly saved: Publisher['sources'] | null;
}

function GroupField({ form, label, testId, error, readOnly, isNew }: CustomFieldProps<PublisherForm>) {
  const groups = useEndpointQuery('fetchGroups', {});
  return (
    <Select
      label={label}
      data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
      value={form.values.groupId}
      // Sources belong to the group: another group starts with none.
      onChange={(groupId) => form.set({ groupId, sources: [] })}
      disabled={readOnly || !isNew}
      withAsterisk
      searchable
      error={error('groupId')}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

/**
 * The group's shared sources: its channels in the channel picker's multi-select (name, hub, status,
 * licence, as the channel list shows them), its video return channels by name. A source no longer
 * in the group stays visible (and removable) under its stored name.
 */
function SourcesField({ form, label, testId, error, readOnly }: CustomFieldProps<PublisherForm>) {
  const { t } = useTranslation();
  const { groupId, saved, sources } = form.values;
  const candidates = useEndpointQuery('listShareSources', { params: { id: groupId ?? '' } }, { enabled: groupId !== null });
  const userChannels = useUserChannels(groupId !== null);
  const chosen = useMemo(() => sourcesBody(sources), [sources]);
  const { channels, others } = useMemo(() => {
    const c = candidates.data;
    const listed = new Map((userChannels ?? []).map((channel) => [channel.channelId, channel]));
    const named = new Map<string, string>();
    const offered: PickerChannel[] = [];
    for (const item of c?.channels ?? []) {
      const channel = listed.get(item.id);
      if (channel === undefined) named.set(item.id, item.name);
      else offered.push(channel);
    }
    for (const item of saved?.channels ?? []) if (!named.has(item.id) && !offered.some((ch) => ch.channelId === item.id)) named.set(item.id, item.name);
    return { channels: c === undefined || userChannels === undefined ? undefined : offered, others: named };
  }, [candidates.data, userChannels, saved]);
  const vrOptions = useMemo(() => {
    const offered = candidates.data?.vrChannels ?? [];
    const known = new Set(offered.map((item) => item.id));
    const stale = (saved?.vrChannels ?? []).filter((item) => !known.has(item.id));
    return naturalSortBy([...offered, ...stale], (item) => item.name).map((item) => ({ value: item.id, label: item.name }));
  }, [candidates.data, saved]);
  const set = (next: { channelIds?: readonly string[]; vrChannelIds?: readonly string[] }) =>
    form.set({
      sources: [
        ...(next.channelIds ?? chosen.channelIds).map((id) => sourceValue('channel', id)),
        ...(next.vrChannelIds ?? chosen.vrChannelIds).map((id) => sourceValue('vrChannel', id)),
      ],
    });
  // The core words a source's problem at its path (sources.channelIds.0): it shows under the sources.
  const path = Object.keys(form.errors).find((field) => field.startsWith('sources'));
  const disabled = readOnly || groupId === null;
  const loading = groupId !== null && candidates.isPending ? t('common.loading') : undefined;
  return (
    <Input.Wrapper label={label} description={t('shares.fields.sourcesHint')} error={path === undefined ? undefined : error(path)}>
      <Stack gap="xs" mt={4}>
        <ChannelMultiPicker
          label={t('shares.fields.channels')}
          placeholder={loading}
          channels={channels}
          others={others}
          value={chosen.channelIds}
          onChange={(channelIds) => set({ channelIds })}
          disabled={disabled}
          clearable
          data-testid={testId}
        />
        <MultiSelect
          label={t('shares.fields.vrChannels')}
          placeholder={loading}
          data={vrOptions}
          value={chosen.vrChannelIds}
          onChange={(vrChannelIds) => set({ vrChannelIds })}
          disabled={disabled}
          searchable
          clearable
          nothingFoundMessage={t('shares.fields.noSources')}
          comboboxProps={{ withinPortal: true }}
          data-testid={`${testId}-vr`}
        />
      </Stack>
    </Input.Wrapper>
  );
}

const FIELDS: readonly Field<PublisherForm>[] = [
  { name: 'groupId', kind: 'custom', label: 'shares.fields.group', testId: 'group', render: GroupField },
  { name: 'name', kind: 'text', label: 'shares.fields.name', description: 'shares.fields.nameHint', required: true },
  { name: 'description', kind: 'text', label: 'shares.fields.description', description: 'shares.fields.descriptionHint' },
  { name: 'sources', kind: 'custom', label: 'shares.fields.sources', render: SourcesField },
];

/** The publishers, of the group picked (`groupId`) or of all the user's; a new one starts in that group. */
function publisherResource(groupId: string | null) {
  return defineResource<Publisher, Publisher, PublisherForm>({
    testId: 'publisher',
    titles: { new: 'shares.publishers.createTitle', edit: 'shares.publishers.editTitle', noun: 'shares.publishers.noun' },
    rowKey: (p) => p.id,
    label: (p) => p.name,
    list: {
      op: op('listPublishers', (view) => ({ query: { ...searchQuery(view, ['name'], PUBLISHER_SORT_KEYS), ...(groupId === null ? {} : { groupId }) } })),
      searchKeys: ['name'],
    },
    columns: (t) => [
      { id: 'name', header: t('shares.columns.name'), sortKey: 'name', cellTestId: true, render: (p) => p.name },
      { id: 'group', header: t('shares.columns.group'), sortKey: 'groupName', render: (p) => p.groupName },
      { id: 'shareKey', header: t('shares.columns.shareKey'), render: (p) => <Code data-testid={`publisher-key-${p.id}`}>{p.shareKey}</Code> },
      { id: 'description', header: t('shares.columns.description'), cellTestId: true, render: (p) => p.description },
      {
        id: 'sources',
        header: t('shares.columns.sources'),
        render: (p) => (
          <span data-testid={`publisher-sources-${p.id}`} data-value={p.sources.channels.length + p.sources.vrChannels.length}>
            {[...p.sources.channels, ...p.sources.vrChannels].map((x) => x.name).join(', ')}
          </span>
        ),
      },
      { id: 'created', header: t('shares.columns.created'), sortKey: 'createdAt', render: (p) => <CreatedOnBy publisher={p} /> },
      {
        id: 'links',
        header: t('shares.columns.links'),
        render: (p) => (
          <Badge
            variant="light"
            color={p.shareLinks.length >= LIMITS.shareLinksMax ? 'orange' : 'gray'}
            data-testid={`publisher-links-${p.id}`}
            data-value={p.shareLinks.length}
          >
            {t('shares.links.count', { count: p.shareLinks.length, max: LIMITS.shareLinksMax })}
          </Badge>
        ),
      },
    ],
    form: {
      fields: FIELDS,
      initial: (p) => ({
        groupId: p?.groupId ?? groupId,
        name: p?.name ?? '',
        description: p?.description ?? '',
        sources: p ? publisherSourcesValues(p.sources) : [],
        saved: p?.sources ?? null,
      }),
      check: (values) => publisherErrors(values),
    },
    create: op('createPublisher', (v: PublisherForm) => ({
      body: { groupId: v.groupId ?? '', name: v.name, description: v.description, sources: sourcesBody(v.sources) },
    })),
    update: versionedUpdate('updatePublisher', (v: PublisherForm) => ({ name: v.name, description: v.description, sources: sourcesBody(v.sources) })),
    remove: op('deletePublisher', (p: Publisher) => ({ params: { id: p.id } })),
  });
}

function CreatedOnBy({ publisher: p }: { readonly publisher: Publisher }) {
  const { t, i18n } = useTranslation();
  return t('shares.publishers.createdOnBy', { on: dateText(p.createdAt, (d) => d.toLocaleDateString(i18n.language)), by: p.createdByName || '—' });
}

/**
 * A row's share links and new share key, each with its dialog; the dialogs render with the row, so
 * the publisher they show follows the list (and so /ws) while open.
 */
function RowDialogs({ publisher }: { readonly publisher: Publisher }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'links' | 'rekey' | null>(null);
  const close = () => {
    rekey.reset();
    setOpen(null);
  };
  const rekey = useToastMutation('regeneratePublisherShareKey', {
    success: () => t('shares.toasts.rekeyed', { name: publisher.name }),
    onSuccess: () => {
      invalidateReads(queryClient, ['listPublishers']);
      close();
    },
    // The confirmation shows the refusal.
    onError: () => undefined,
  });
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpen('links')} data-testid={`publisher-open-links-${publisher.id}`}>
        {t('shares.actions.links')}
      </Button>
      <Button size="compact-sm" variant="light" color="orange" onClick={() => setOpen('rekey')} data-testid={`publisher-rekey-${publisher.id}`}>
        {t('shares.actions.regenerate')}
      </Button>
      {open === 'links' && <ShareLinksModal publisher={publisher} onClose={close} />}
      {open === 'rekey' && (
        <ConfirmDeleteModal
          title={t('shares.publishers.rekeyTitle')}
          question={t('shares.publishers.rekeyQuestion', { name: publisher.name })}
          deleteLabel={t('shares.actions.regenerate')}
          pending={rekey.isPending}
          error={rekey.error}
          onConfirm={() => rekey.mutate({ params: { id: publisher.id }, body: { version: publisher.version } })}
          onClose={close}
          testIdPrefix="publisher-rekey"
        />
      )}
    </>
  );
}

export default function PublishersPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<string | null>(null);
  const groups = useEndpointQuery('fetchGroups', {});
  const resource = useMemo(() => publisherResource(groupId), [groupId]);
  return (
    <Stack gap="sm" data-testid="publishers-page">
      <PageTitle title={t(`routes.${route.id}`)} />
      <RowButtonsPage
        resource={resource}
        filterKey={groupId ?? ''}
        addTestId="publishers-create"
        addLabel={t('shares.publishers.create')}
        toolbar={
          <Select
            label={t('shares.fields.group')}
            placeholder={t('shares.publishers.allGroups')}
            data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={groupId}
            onChange={setGroupId}
            clearable
            searchable
            w={220}
            data-testid="publishers-group"
          />
        }
        rowActions={(p) => <RowDialogs publisher={p} />}
        rowData={(p) => ({ 'data-name': p.name })}
        deleteQuestion={(p) => t('shares.publishers.deleteQuestion', { name: p.name })}
        emptyText={(view) => (view.searchValue.trim() === '' ? t('shares.publishers.empty') : t('shares.noMatch'))}
      />
    </Stack>
  );
}
