/**
 * The what's new entries of the /whats_new page (spec 001 §2), declared on the resource kit: every
 * entry, drafts too, newest first, searched by title; create and edit (title required, text,
 * release version, an http(s) link, shown to users or not; the edit reads the entry fresh with
 * getWhatsNew), publish / take back, delete. Follows whatsNew.changed / removed live.
 */
import { Badge, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreateWhatsNewBody, WHATS_NEW_SORT_KEYS, type WhatsNewEntry } from '@fleet/contracts';
import { defineResource, op, RowButtonsPage, schemaCheck, searchQuery, useCanCall, useToastMutation, versionedUpdate, type Field } from '../../kit';
import { MutedText, StrongText } from '../../kit/MutedText';
import { invalidateReads } from '../../realtime/systemEntities';
import { dateText } from '../../lib/dateFormat';

interface EntryForm {
  readonly title: string;
  readonly body: string;
  readonly releaseVersion: string;
  readonly link: string;
  readonly active: boolean;
}

const READS = ['listAdminWhatsNew', 'getWhatsNew'] as const;

const FIELDS: readonly Field<EntryForm>[] = [
  { kind: 'text', name: 'title', label: 'adminPages.whatsNew.fields.title', required: true },
  { kind: 'textarea', name: 'body', label: 'adminPages.whatsNew.fields.body' },
  { kind: 'text', name: 'releaseVersion', label: 'adminPages.whatsNew.fields.releaseVersion', testId: 'release' },
  { kind: 'text', name: 'link', label: 'adminPages.whatsNew.fields.link' },
  { kind: 'switch', name: 'active', label: 'adminPages.whatsNew.fields.active' },
];

export const whatsNewResource = defineResource<WhatsNewEntry, WhatsNewEntry, EntryForm>({
  testId: 'wn',
  titles: { new: 'adminPages.whatsNew.createTitle', edit: 'adminPages.whatsNew.editTitle', noun: 'adminPages.whatsNew.noun' },
  rowKey: (e) => e.id,
  label: (e) => e.title,
  list: {
    op: op('listAdminWhatsNew', (view) => ({ query: searchQuery(view, ['title'], WHATS_NEW_SORT_KEYS) })),
    searchKeys: ['title'],
    defaultSort: 'createdAt',
  },
  columns: (t) => [
    {
      id: 'title',
      header: t('adminPages.whatsNew.columns.title'),
      sortKey: 'title',
      render: (e) => (
        <>
          <StrongText>{e.title}</StrongText>
          {!e.active && <MutedText size="xs">{t('adminPages.whatsNew.hidden')}</MutedText>}
        </>
      ),
    },
    { id: 'releaseVersion', header: t('adminPages.whatsNew.columns.releaseVersion'), render: (e) => e.releaseVersion ?? t('common.none') },
    {
      id: 'status',
      header: t('adminPages.whatsNew.columns.status'),
      render: (e) => (
        <Badge variant="light" color={e.publishedAt ? 'green' : 'gray'} data-testid={`wn-status-${e.id}`} data-status={e.publishedAt ? 'published' : 'draft'}>
          {t(e.publishedAt ? 'adminPages.whatsNew.published' : 'adminPages.whatsNew.draft')}
        </Badge>
      ),
    },
    {
      id: 'publishedAt',
      header: t('adminPages.whatsNew.columns.publishedAt'),
      sortKey: 'publishedAt',
      render: (e) => (e.publishedAt ? dateText(e.publishedAt, (d) => d.toLocaleString()) : t('common.none')),
    },
  ],
  get: op('getWhatsNew', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: (e) => ({ title: e?.title ?? '', body: e?.body ?? '', releaseVersion: e?.releaseVersion ?? '', link: e?.link ?? '', active: e?.active ?? true }),
    check: schemaCheck(FIELDS, CreateWhatsNewBody, (v) => v),
  },
  create: op('createWhatsNew', (v: EntryForm) => ({ body: v })),
  update: versionedUpdate('updateWhatsNew', (v: EntryForm) => v),
  remove: op('deleteWhatsNew', (e: WhatsNewEntry) => ({ params: { id: e.id } })),
});

export function WhatsNewSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayPublish = useCanCall('publishWhatsNew');
  const publish = useToastMutation('publishWhatsNew', {
    success: (saved) => t(saved.publishedAt ? 'adminPages.whatsNew.toasts.published' : 'adminPages.whatsNew.toasts.unpublished', { title: saved.title }),
    onSuccess: () => invalidateReads(queryClient, READS),
  });
  return (
    <RowButtonsPage
      resource={whatsNewResource}
      addLabel={t('adminPages.whatsNew.create')}
      addTestId="wn-create"
      sortDir="desc"
      rowData={(e) => ({ 'data-title': e.title })}
      emptyText={t('adminPages.whatsNew.empty')}
      rowActions={(e) =>
        mayPublish && (
          <Button
            size="compact-sm"
            variant="light"
            color={e.publishedAt ? 'orange' : 'green'}
            onClick={() => publish.mutate({ params: { id: e.id }, body: { published: e.publishedAt == null, version: e.version } })}
            data-testid={`wn-publish-${e.id}`}
          >
            {t(e.publishedAt ? 'adminPages.whatsNew.unpublish' : 'adminPages.whatsNew.publish')}
          </Button>
        )
      }
    />
  );
}
