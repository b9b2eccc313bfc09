/**
 * The what's new entries of the /whats_new page (spec 001 §2): every entry, drafts too, newest
 * first; create and edit (title required, text, release version, link, shown to users or not),
 * publish / take back, delete. Follows whatsNew.changed / removed live.
 */
import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VALIDATION, type WhatsNewEntry } from '@fleet/contracts';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { ListTable, type ListColumn } from '../../components/ListTable';
import { QueryView } from '../../components/QueryView';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useSpecText } from '../../lib/forms/specText';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { fieldProblem, useRefetchOn } from './useRefetchOn';

const PAGE_SIZE = 50;

export function WhatsNewSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<WhatsNewEntry | 'new' | null>(null);
  const list = useEndpointQuery('listAdminWhatsNew', { query: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } });
  useRefetchOn(['whatsNew.changed', 'whatsNew.removed'], ['listAdminWhatsNew']);
  const publish = useEndpointMutation('publishWhatsNew');
  const del = useConfirmedDelete(useEndpointMutation('deleteWhatsNew'), {
    variables: (e: WhatsNewEntry) => ({ params: { id: e.id } }),
    deleted: (e) => t('adminPages.whatsNew.toasts.deleted', { title: e.title }),
    onDeleted: () => void list.refetch(),
  });
  const errorText = useApiErrorMessage();

  const togglePublished = (e: WhatsNewEntry) =>
    publish.mutate(
      { params: { id: e.id }, body: { published: e.publishedAt === null, version: e.version } },
      {
        onSuccess: (saved) => {
          toast.show({ message: t(saved.publishedAt ? 'adminPages.whatsNew.toasts.published' : 'adminPages.whatsNew.toasts.unpublished', { title: saved.title }), variant: 'success' });
          void list.refetch();
        },
        onError: (err) => toast.show({ message: errorText(err), variant: 'error' }),
      },
    );

  const columns: ListColumn<WhatsNewEntry>[] = [
    {
      id: 'title',
      header: t('adminPages.whatsNew.columns.title'),
      render: (e) => (
        <>
          <Text fz="sm" fw={500}>{e.title}</Text>
          {!e.active && <Text fz="xs" c="dimmed">{t('adminPages.whatsNew.hidden')}</Text>}
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
    { id: 'publishedAt', header: t('adminPages.whatsNew.columns.publishedAt'), render: (e) => (e.publishedAt ? new Date(e.publishedAt).toLocaleString() : t('common.none')) },
    {
      id: 'actions',
      header: t('adminPages.whatsNew.columns.actions'),
      render: (e) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={() => setEditing(e)} data-testid={`wn-edit-${e.id}`}>{t('adminPages.edit')}</Button>
          <Button size="compact-xs" variant="light" color={e.publishedAt ? 'orange' : 'green'} onClick={() => togglePublished(e)} data-testid={`wn-publish-${e.id}`}>
            {t(e.publishedAt ? 'adminPages.whatsNew.unpublish' : 'adminPages.whatsNew.publish')}
          </Button>
          <Button size="compact-xs" variant="light" color="red" onClick={() => del.ask(e)} data-testid={`wn-delete-${e.id}`}>{t('adminPages.delete')}</Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="whats-new-section">
      <Group justify="space-between">
        <Text c="dimmed" fz="sm">{t('adminPages.whatsNew.intro')}</Text>
        <Button onClick={() => setEditing('new')} data-testid="wn-create">{t('adminPages.whatsNew.create')}</Button>
      </Group>
      <QueryView query={list} testIdPrefix="wn-list" errorTitle={t('adminPages.loadError')}>
        {(data) => (
          <ListTable
            items={data.items}
            total={data.total}
            columns={columns}
            rowKey={(e) => e.id}
            rowData={(e) => ({ 'data-title': e.title })}
            tableTestId="table"
            emptyText={t('adminPages.whatsNew.empty')}
            testIdPrefix="wn"
            minWidth={800}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
          />
        )}
      </QueryView>
      {editing !== null && <WhatsNewModal entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void list.refetch()} />}
      {del.target !== null && (
        <ConfirmDeleteModal
          title={t('adminPages.whatsNew.deleteTitle')}
          question={t('adminPages.whatsNew.deleteQuestion', { title: del.target.title })}
          testIdPrefix="wn-delete"
          {...del.modalProps}
        />
      )}
    </Stack>
  );
}

function WhatsNewModal({ entry, onClose, onSaved }: { readonly entry: WhatsNewEntry | null; readonly onClose: () => void; readonly onSaved: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const specText = useSpecText();
  const errorText = useApiErrorMessage();
  const [title, setTitle] = useState(entry?.title ?? '');
  const [body, setBody] = useState(entry?.body ?? '');
  const [releaseVersion, setReleaseVersion] = useState(entry?.releaseVersion ?? '');
  const [link, setLink] = useState(entry?.link ?? '');
  const [active, setActive] = useState(entry?.active ?? true);
  const [titleMissing, setTitleMissing] = useState(false);
  const create = useEndpointMutation('createWhatsNew');
  const update = useEndpointMutation('updateWhatsNew');
  const failure = create.error ?? update.error;
  const problem = (field: string) => {
    const message = field === 'title' && titleMissing ? VALIDATION.required : fieldProblem(failure, field);
    return message === undefined ? undefined : <span data-testid={`wn-error-${field}`}>{specText(message)}</span>;
  };
  const save = () => {
    // The spec's "This field is required" before anything is sent.
    if (title.trim() === '') {
      setTitleMissing(true);
      return;
    }
    setTitleMissing(false);
    const fields = { title, body, releaseVersion, link, active };
    const done = (saved: WhatsNewEntry) => {
      toast.show({ message: t(entry ? 'adminPages.whatsNew.toasts.updated' : 'adminPages.whatsNew.toasts.created', { title: saved.title }), variant: 'success' });
      onSaved();
      onClose();
    };
    if (entry === null) create.mutate({ body: fields }, { onSuccess: done });
    else update.mutate({ params: { id: entry.id }, body: { ...fields, version: entry.version } }, { onSuccess: done });
  };
  const known = ['title', 'body', 'releaseVersion', 'link'].some((f) => fieldProblem(failure, f) !== undefined);
  return (
    <Modal opened onClose={onClose} title={t(entry ? 'adminPages.whatsNew.editTitle' : 'adminPages.whatsNew.createTitle')} size="lg">
      <Stack gap="sm" data-testid="wn-form">
        <TextInput label={t('adminPages.whatsNew.fields.title')} withAsterisk data-autofocus value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={problem('title')} data-testid="wn-title" />
        <Textarea label={t('adminPages.whatsNew.fields.body')} autosize minRows={3} value={body} onChange={(e) => setBody(e.currentTarget.value)} error={problem('body')} data-testid="wn-body" />
        <Group grow>
          <TextInput label={t('adminPages.whatsNew.fields.releaseVersion')} value={releaseVersion} onChange={(e) => setReleaseVersion(e.currentTarget.value)} error={problem('releaseVersion')} data-testid="wn-release" />
          <TextInput label={t('adminPages.whatsNew.fields.link')} placeholder="https://" value={link} onChange={(e) => setLink(e.currentTarget.value)} error={problem('link')} data-testid="wn-link" />
        </Group>
        <Switch label={t('adminPages.whatsNew.fields.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} data-testid="wn-active" />
        {failure && !known && <ErrorNote testId="wn-save-error" message={errorText(failure)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('adminPages.cancel')}</Button>
          <Button onClick={save} loading={create.isPending || update.isPending} data-testid="wn-save">{t('adminPages.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
