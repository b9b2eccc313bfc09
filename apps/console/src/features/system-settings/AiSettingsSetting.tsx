/**
 * AI settings (spec 001 §2 /system_settings ai_settings; §3 "AI credentials"): name, provider,
 * optional inventory (none: every inventory), fields and active. Secret fields are write-only: the
 * list shows them masked, and the form leaves a stored secret as it is unless a new value is typed.
 */
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { ActionIcon, Badge, Button, Checkbox, Group, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AI_PROVIDERS, CreateAiCredentialBody, type AiCredential, type AiCredentialSearchQuery, type AiProvider } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useForm } from '../../lib/forms/useForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { SettingsDeleteModal, SettingsFrame, SettingsFormModal, settingsListQuery, useSettingsLive, useSettingsView, type SettingsColumn } from './SettingsFrame';
import { bodyErrors, noteError, useSettingsMutation } from './settingsForm';
import type { SystemSettingsProps } from './SystemSettings';

const LISTS = ['searchAiCredentials', 'getAiCredential'] as const;

interface FieldRow {
  readonly name: string;
  readonly secret: boolean;
  readonly value: string;
  /** A value is stored for it (a secret one is not shown): empty keeps it. */
  readonly stored: boolean;
}
interface CredentialForm {
  readonly name: string;
  readonly provider: AiProvider;
  readonly inventoryId: string | null;
  readonly fields: readonly FieldRow[];
  readonly active: boolean;
}

/** The body: an untouched stored field is sent without a value (the core keeps it). */
export const credentialBody = (v: CredentialForm) => ({
  name: v.name.trim(),
  provider: v.provider,
  inventoryId: v.inventoryId,
  fields: v.fields.map((f) => ({ name: f.name.trim(), secret: f.secret, ...(f.stored && f.value === '' ? {} : { value: f.value }) })),
  active: v.active,
});

function CredentialModal({ credential, onClose }: { readonly credential: AiCredential | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const inventories = useEndpointQuery('searchAdminInventories', { query: { offset: 0, limit: 1000 } });
  const form = useForm<CredentialForm>(
    credential
      ? {
          name: credential.name,
          provider: credential.provider,
          inventoryId: credential.inventoryId,
          fields: credential.fields.map((f) => ({ name: f.name, secret: f.secret, value: f.value ?? '', stored: f.isSet })),
          active: credential.active,
        }
      : { name: '', provider: 'openai', inventoryId: null, fields: [], active: true },
    (v) => bodyErrors(CreateAiCredentialBody, credentialBody(v)),
  );
  const error = useFieldError('settings-ai_settings-error', form.errors);
  const create = useSettingsMutation('createAiCredential', LISTS);
  const update = useSettingsMutation('updateAiCredential', LISTS);
  const setField = (i: number, patch: Partial<FieldRow>) => form.set({ fields: form.values.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  const onSave = () => {
    const values = form.submit();
    if (!values) return;
    const body = credentialBody(values);
    const done = (c: AiCredential) => {
      toast.show({ message: t(credential ? 'systemSettings.common.updated' : 'systemSettings.common.created', { name: c.name }), variant: 'success' });
      onClose();
    };
    if (credential === null) create.mutate({ body }, { onSuccess: done, onError: (e) => form.failed(e) });
    else update.mutate({ params: { id: credential.id }, body: { ...body, version: credential.version } }, { onSuccess: done, onError: (e) => form.failed(e) });
  };
  return (
    <SettingsFormModal
      testId="ai_settings"
      title={credential ? t('systemSettings.ai_settings.editTitle', { name: credential.name }) : t('systemSettings.ai_settings.createTitle')}
      pending={create.isPending || update.isPending}
      error={noteError(form.error)}
      onSave={onSave}
      onClose={onClose}
    >
      <TextInput label={t('systemSettings.ai_settings.fields.name')} withAsterisk data-autofocus value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={error('name')} data-testid="settings-ai_settings-name" />
      <Select
        label={t('systemSettings.ai_settings.fields.provider')}
        data={AI_PROVIDERS.map((p) => ({ value: p, label: t(`systemSettings.ai_settings.providers.${p}`) }))}
        value={form.values.provider}
        onChange={(p) => p && form.set({ provider: p as AiProvider })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        error={error('provider')}
        data-testid="settings-ai_settings-provider"
      />
      <Select
        label={t('systemSettings.ai_settings.fields.inventory')}
        placeholder={t('systemSettings.ai_settings.fields.allInventories')}
        data={(inventories.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
        value={form.values.inventoryId}
        onChange={(inventoryId) => form.set({ inventoryId })}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
        error={error('inventoryId')}
        data-testid="settings-ai_settings-inventory"
      />
      <Stack gap="xs">
        <Text fw={500} size="sm">{t('systemSettings.ai_settings.fields.fields')}</Text>
        {form.values.fields.map((f, i) => (
          // Fields are edited in place: a row is its position in the list.
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput aria-label={t('systemSettings.ai_settings.fields.fieldName')} placeholder={t('systemSettings.ai_settings.fields.fieldName')} value={f.name} onChange={(e) => setField(i, { name: e.currentTarget.value })} error={error(`fields.${i}.name`)} w={160} data-testid={`settings-ai_settings-field-name-${i}`} />
            {f.secret ? (
              <PasswordInput
                aria-label={t('systemSettings.ai_settings.fields.fieldValue')}
                placeholder={f.stored ? t('systemSettings.ai_settings.fields.unchanged') : t('systemSettings.ai_settings.fields.fieldValue')}
                value={f.value}
                onChange={(e) => setField(i, { value: e.currentTarget.value })}
                error={error(`fields.${i}.value`)}
                style={{ flex: 1 }}
                data-testid={`settings-ai_settings-field-value-${i}`}
              />
            ) : (
              <TextInput aria-label={t('systemSettings.ai_settings.fields.fieldValue')} value={f.value} onChange={(e) => setField(i, { value: e.currentTarget.value })} error={error(`fields.${i}.value`)} style={{ flex: 1 }} data-testid={`settings-ai_settings-field-value-${i}`} />
            )}
            <Checkbox mt={8} label={t('systemSettings.ai_settings.fields.secret')} checked={f.secret} onChange={(e) => setField(i, { secret: e.currentTarget.checked })} data-testid={`settings-ai_settings-field-secret-${i}`} />
            <ActionIcon variant="subtle" color="red" mt={4} aria-label={t('systemSettings.ai_settings.fields.removeField')} onClick={() => form.set({ fields: form.values.fields.filter((_, j) => j !== i) })}>
              ✕
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => form.set({ fields: [...form.values.fields, { name: '', secret: true, value: '', stored: false }] })} data-testid="settings-ai_settings-field-add">
            {t('systemSettings.ai_settings.fields.addField')}
          </Button>
        </Group>
      </Stack>
      <Switch label={t('systemSettings.ai_settings.fields.active')} checked={form.values.active} onChange={(e) => form.set({ active: e.currentTarget.checked })} data-testid="settings-ai_settings-active" />
    </SettingsFormModal>
  );
}

export default function AiSettingsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const [view, setView] = useSettingsView('name');
  const [editing, setEditing] = useState<AiCredential | null | 'new'>(null);
  useSettingsLive(['ai_settings'], LISTS);
  const list = useEndpointQuery('searchAiCredentials', { query: settingsListQuery(view) as AiCredentialSearchQuery }, { placeholderData: keepPreviousData });
  const del = useConfirmedDelete(useSettingsMutation('deleteAiCredential', LISTS), {
    variables: (c: AiCredential) => ({ params: { id: c.id } }),
    deleted: (c) => t('systemSettings.common.deleted', { name: c.name }),
  });
  const columns: SettingsColumn<AiCredential>[] = [
    { id: 'name', header: t('systemSettings.ai_settings.columns.name'), render: (c) => c.name, sortKey: 'name' },
    { id: 'provider', header: t('systemSettings.ai_settings.columns.provider'), render: (c) => t(`systemSettings.ai_settings.providers.${c.provider}`), sortKey: 'provider' },
    { id: 'inventory', header: t('systemSettings.ai_settings.columns.inventory'), render: (c) => c.inventoryName ?? t('systemSettings.ai_settings.fields.allInventories') },
    {
      id: 'fields',
      header: t('systemSettings.ai_settings.columns.fields'),
      render: (c) => c.fields.map((f) => `${f.name}: ${f.secret ? t('systemSettings.ai_settings.masked') : (f.value ?? '')}`).join(', ') || '—',
    },
    {
      id: 'active',
      header: t('systemSettings.ai_settings.columns.active'),
      render: (c) => <Badge color={c.active ? 'green' : 'gray'}>{c.active ? t('systemSettings.common.active') : t('systemSettings.common.inactive')}</Badge>,
    },
  ];
  return (
    <SettingsFrame
      testId="ai_settings"
      query={list}
      columns={columns}
      rowKey={(c) => c.id}
      view={view}
      onViewChange={setView}
      onAdd={() => setEditing('new')}
      addLabel={t('systemSettings.ai_settings.add')}
      onEdit={(c) => setEditing(c)}
      onDelete={del.ask}
    >
      {editing !== null && <CredentialModal key={editing === 'new' ? 'new' : editing.id} credential={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {del.target !== null && <SettingsDeleteModal testId="ai_settings" name={del.target.name} {...del.modalProps} />}
    </SettingsFrame>
  );
}
