/**
 * The system messages of the /whats_new page (spec 001 §2 "system messages" has no route of its
 * own, so it is this page's second section): every message, expired ones too, with its level,
 * audience (global or one inventory) and expiry (flags within 2 h and 24 h, §9); create, edit,
 * delete. A change reaches the users' banners live (the core pushes it); this list follows the same
 * events.
 */
import { useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TOAST_VARIANTS, VALIDATION, type SystemMessage, type ToastVariant } from '@fleet/contracts';
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
import { fromLocalInput, toLocalInput } from './localDate';

const PAGE_SIZE = 50;
export const LEVEL_COLOR: Record<ToastVariant, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

export function SystemMessagesSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SystemMessage | 'new' | null>(null);
  const list = useEndpointQuery('listSystemMessages', { query: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } });
  useRefetchOn(['notification', 'notification.removed'], ['listSystemMessages']);
  const del = useConfirmedDelete(useEndpointMutation('deleteSystemMessage'), {
    variables: (m: SystemMessage) => ({ params: { id: m.id } }),
    deleted: () => t('adminPages.systemMessages.toasts.deleted'),
    onDeleted: () => void list.refetch(),
  });

  const expiry = (m: SystemMessage) => {
    if (m.expireDate === null) return t('adminPages.systemMessages.noExpiry');
    const when = new Date(m.expireDate).toLocaleString();
    if (m.expired) return t('adminPages.systemMessages.expiredAt', { when });
    if (m.expiresWithin2h) return t('adminPages.systemMessages.within2h', { when });
    if (m.expiresWithin24h) return t('adminPages.systemMessages.within24h', { when });
    return when;
  };

  const columns: ListColumn<SystemMessage>[] = [
    { id: 'message', header: t('adminPages.systemMessages.columns.message'), render: (m) => <Text fz="sm">{m.message}</Text> },
    { id: 'level', header: t('adminPages.systemMessages.columns.level'), render: (m) => <Badge variant="light" color={LEVEL_COLOR[m.level]}>{t(`adminPages.systemMessages.levels.${m.level}`)}</Badge> },
    { id: 'audience', header: t('adminPages.systemMessages.columns.audience'), render: (m) => (m.globalNotification ? t('adminPages.systemMessages.global') : (m.inventoryName ?? m.inventoryId)) },
    { id: 'expiry', header: t('adminPages.systemMessages.columns.expiry'), render: expiry, cellTestId: true },
    {
      id: 'actions',
      header: t('adminPages.systemMessages.columns.actions'),
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={() => setEditing(m)} data-testid={`sm-edit-${m.id}`}>{t('adminPages.edit')}</Button>
          <Button size="compact-xs" variant="light" color="red" onClick={() => del.ask(m)} data-testid={`sm-delete-${m.id}`}>{t('adminPages.delete')}</Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="system-messages-section">
      <Group justify="space-between">
        <Text c="dimmed" fz="sm">{t('adminPages.systemMessages.intro')}</Text>
        <Button onClick={() => setEditing('new')} data-testid="sm-create">{t('adminPages.systemMessages.create')}</Button>
      </Group>
      <QueryView query={list} testIdPrefix="sm-list" errorTitle={t('adminPages.loadError')}>
        {(data) => (
          <ListTable
            items={data.items}
            total={data.total}
            columns={columns}
            rowKey={(m) => m.id}
            rowData={(m) => ({ 'data-message': m.message, 'data-expired': m.expired })}
            tableTestId="table"
            emptyText={t('adminPages.systemMessages.empty')}
            testIdPrefix="sm"
            minWidth={800}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
          />
        )}
      </QueryView>
      {editing !== null && <SystemMessageModal message={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void list.refetch()} />}
      {del.target !== null && (
        <ConfirmDeleteModal
          title={t('adminPages.systemMessages.deleteTitle')}
          question={t('adminPages.systemMessages.deleteQuestion', { message: del.target.message })}
          testIdPrefix="sm-delete"
          {...del.modalProps}
        />
      )}
    </Stack>
  );
}

function SystemMessageModal({ message, onClose, onSaved }: { readonly message: SystemMessage | null; readonly onClose: () => void; readonly onSaved: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const specText = useSpecText();
  const errorText = useApiErrorMessage();
  const [text, setText] = useState(message?.message ?? '');
  const [level, setLevel] = useState<ToastVariant>(message?.level ?? 'info');
  const [expireDate, setExpireDate] = useState(message?.expireDate ? toLocalInput(message.expireDate) : '');
  const [globalNotification, setGlobal] = useState(message?.globalNotification ?? true);
  const [inventoryId, setInventoryId] = useState<string | null>(message?.inventoryId ?? null);
  const [missing, setMissing] = useState<readonly string[]>([]);
  const inventories = useEndpointQuery('searchAdminInventories', { query: { limit: 1000 } }, { enabled: !globalNotification });
  const create = useEndpointMutation('createSystemMessage');
  const update = useEndpointMutation('updateSystemMessage');
  const failure = create.error ?? update.error;
  const problem = (field: string) => {
    const found = missing.includes(field) ? VALIDATION.required : fieldProblem(failure, field);
    return found === undefined ? undefined : <span data-testid={`sm-error-${field}`}>{specText(found)}</span>;
  };
  const save = () => {
    // The spec's "This field is required" before anything is sent.
    const empty = [...(text.trim() === '' ? ['message'] : []), ...(!globalNotification && inventoryId === null ? ['inventoryId'] : [])];
    setMissing(empty);
    if (empty.length > 0) return;
    const fields = {
      message: text,
      level,
      expireDate: expireDate === '' ? null : fromLocalInput(expireDate),
      globalNotification,
      inventoryId: globalNotification ? null : inventoryId,
    };
    const done = () => {
      toast.show({ message: t(message ? 'adminPages.systemMessages.toasts.updated' : 'adminPages.systemMessages.toasts.created'), variant: 'success' });
      onSaved();
      onClose();
    };
    if (message === null) create.mutate({ body: fields }, { onSuccess: done });
    else update.mutate({ params: { id: message.id }, body: { ...fields, version: message.version } }, { onSuccess: done });
  };
  const known = ['message', 'level', 'expireDate', 'inventoryId'].some((f) => fieldProblem(failure, f) !== undefined);
  return (
    <Modal opened onClose={onClose} title={t(message ? 'adminPages.systemMessages.editTitle' : 'adminPages.systemMessages.createTitle')} size="lg">
      <Stack gap="sm" data-testid="sm-form">
        <Textarea label={t('adminPages.systemMessages.fields.message')} withAsterisk data-autofocus autosize minRows={2} value={text} onChange={(e) => setText(e.currentTarget.value)} error={problem('message')} data-testid="sm-message" />
        <Group grow align="flex-start">
          <Select
            label={t('adminPages.systemMessages.fields.level')}
            data={TOAST_VARIANTS.map((v) => ({ value: v, label: t(`adminPages.systemMessages.levels.${v}`) }))}
            value={level}
            onChange={(v) => setLevel((TOAST_VARIANTS as readonly string[]).includes(v ?? '') ? (v as ToastVariant) : 'info')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={problem('level')}
            data-testid="sm-level"
          />
          <TextInput
            type="datetime-local"
            label={t('adminPages.systemMessages.fields.expireDate')}
            description={t('adminPages.systemMessages.fields.expireDateHint')}
            value={expireDate}
            onChange={(e) => setExpireDate(e.currentTarget.value)}
            error={problem('expireDate')}
            data-testid="sm-expire"
          />
        </Group>
        <Switch label={t('adminPages.systemMessages.fields.global')} checked={globalNotification} onChange={(e) => setGlobal(e.currentTarget.checked)} data-testid="sm-global" />
        {!globalNotification && (
          <Select
            label={t('adminPages.systemMessages.fields.inventory')}
            withAsterisk
            searchable
            data={(inventories.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={inventoryId}
            onChange={setInventoryId}
            comboboxProps={{ withinPortal: true }}
            error={problem('inventoryId')}
            data-testid="sm-inventory"
          />
        )}
        {failure && !known && <ErrorNote testId="sm-save-error" message={errorText(failure)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('adminPages.cancel')}</Button>
          <Button onClick={save} loading={create.isPending || update.isPending} data-testid="sm-save">{t('adminPages.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
