/**
 * The system messages of the /whats_new page (spec 001 §2 "system messages" has no route of its
 * own, so it is this page's second section), declared on the resource kit: every message, expired
 * ones too, newest first, searched by text, with its level, audience (global or one inventory) and
 * expiry (flags within 2 h and 24 h, §9); create, edit (reading the message fresh with
 * getSystemMessage), delete. A change reaches the users' banners live (the core pushes it); this
 * list follows the same events.
 */
import { Badge, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateSystemMessageBody, SYSTEM_MESSAGE_SORT_KEYS, TOAST_VARIANTS, type SystemMessage, type ToastVariant } from '@fleet/contracts';
import { defineResource, op, RowButtonsPage, schemaCheck, searchQuery, versionedUpdate, type CustomFieldProps, type Field } from '../../kit';
import { fromLocalInput, toLocalInput } from './localDate';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

export const LEVEL_COLOR: Record<ToastVariant, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

type MessageForm = ReturnType<typeof messageForm>;

const messageForm = (m: SystemMessage | null) => ({
  message: m?.message ?? '',
  level: (m?.level ?? 'info') as string | null,
  /** The expiry as the date field holds it (local time); empty: none. */
  expireDate: m?.expireDate ? toLocalInput(m.expireDate) : '',
  globalNotification: m?.globalNotification ?? true,
  inventoryId: m?.inventoryId ?? null,
  inventoryName: m?.inventoryName ?? null,
});

export const messageBody = (v: MessageForm) => ({
  message: v.message,
  level: TOAST_VARIANTS.find((l) => l === v.level) ?? 'info',
  expireDate: v.expireDate === '' ? null : fromLocalInput(v.expireDate),
  globalNotification: v.globalNotification,
  inventoryId: v.globalNotification ? null : v.inventoryId,
});

function ExpireField({ form, label, testId, error, readOnly }: CustomFieldProps<MessageForm>) {
  const { t } = useTranslation();
  const common = { label, error: error('expireDate'), disabled: readOnly, 'data-testid': testId };
  return (
    <TextInput
      {...common}
      type="datetime-local"
      description={t('adminPages.systemMessages.fields.expireDateHint')}
      value={form.values.expireDate}
      onChange={(e) => form.set({ expireDate: e.currentTarget.value })}
    />
  );
}

const FIELDS: readonly Field<MessageForm>[] = [
  { kind: 'textarea', name: 'message', label: 'adminPages.systemMessages.fields.message', required: true },
  {
    kind: 'select',
    name: 'level',
    label: 'adminPages.systemMessages.fields.level',
    options: (t) => TOAST_VARIANTS.map((v) => ({ value: v, label: t(`adminPages.systemMessages.levels.${v}`) })),
  },
  { kind: 'custom', name: 'expireDate', label: 'adminPages.systemMessages.fields.expireDate', testId: 'expire', render: ExpireField },
  { kind: 'switch', name: 'globalNotification', label: 'adminPages.systemMessages.fields.global', testId: 'global' },
  {
    kind: 'inventory',
    name: 'inventoryId',
    label: 'adminPages.systemMessages.fields.inventory',
    testId: 'inventory',
    required: true,
    when: (v) => !v.globalNotification,
    valueName: (v) => v.inventoryName,
  },
];

export const systemMessageResource = defineResource<SystemMessage, SystemMessage, MessageForm>({
  testId: 'sm',
  titles: { new: 'adminPages.systemMessages.createTitle', edit: 'adminPages.systemMessages.editTitle', noun: 'adminPages.systemMessages.noun' },
  rowKey: (m) => m.id,
  label: (m) => (m.message.length > 40 ? `${m.message.slice(0, 40)}…` : m.message),
  list: {
    op: op('listSystemMessages', (view) => ({ query: searchQuery(view, ['message'], SYSTEM_MESSAGE_SORT_KEYS) })),
    searchKeys: ['message'],
    defaultSort: 'createdAt',
  },
  columns: (t) => [
    { id: 'message', header: t('adminPages.systemMessages.columns.message'), sortKey: 'message', render: (m) => <Text fz="sm">{m.message}</Text> },
    {
      id: 'level',
      header: t('adminPages.systemMessages.columns.level'),
      render: (m) => (
        <Badge variant="light" color={LEVEL_COLOR[m.level]}>
          {enumLabel(t, 'adminPages.systemMessages.levels', m.level)}
        </Badge>
      ),
    },
    {
      id: 'audience',
      header: t('adminPages.systemMessages.columns.audience'),
      render: (m) => (m.globalNotification ? t('adminPages.systemMessages.global') : (m.inventoryName ?? m.inventoryId)),
    },
    {
      id: 'expiry',
      header: t('adminPages.systemMessages.columns.expiry'),
      sortKey: 'expireDate',
      cellTestId: true,
      render: (m) => {
        if (m.expireDate == null) return t('adminPages.systemMessages.noExpiry');
        const when = dateText(m.expireDate, (d) => d.toLocaleString());
        if (m.expired) return t('adminPages.systemMessages.expiredAt', { when });
        if (m.expiresWithin2h) return t('adminPages.systemMessages.within2h', { when });
        if (m.expiresWithin24h) return t('adminPages.systemMessages.within24h', { when });
        return when;
      },
    },
  ],
  get: op('getSystemMessage', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: messageForm,
    check: schemaCheck(FIELDS, CreateSystemMessageBody, messageBody),
  },
  create: op('createSystemMessage', (v: MessageForm) => ({ body: messageBody(v) })),
  update: versionedUpdate('updateSystemMessage', messageBody),
  remove: op('deleteSystemMessage', (m: SystemMessage) => ({ params: { id: m.id } })),
});

export function SystemMessagesSection() {
  const { t } = useTranslation();
  return (
    <RowButtonsPage
      resource={systemMessageResource}
      addLabel={t('adminPages.systemMessages.create')}
      addTestId="sm-create"
      sortDir="desc"
      rowData={(m) => ({ 'data-message': m.message, 'data-expired': m.expired })}
      emptyText={t('adminPages.systemMessages.empty')}
    />
  );
}
