/**
 * Application configuration (spec 001 §2 /system_settings application_configuration): entries of a
 * key (fixed once made), a JSON value and a description. The value is typed as JSON; text that is
 * not JSON is "Invalid field" on the value before anything is sent, and the keys the core reads
 * (chatSupport, features) are checked against their shape by the core (its messages on the value).
 */
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Code, JsonInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateApplicationConfigurationBody, VALIDATION, type ApplicationConfigurationEntry, type ApplicationConfigurationSearchQuery } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { mergeErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useForm } from '../../lib/forms/useForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { SettingsDeleteModal, SettingsFrame, SettingsFormModal, settingsListQuery, useSettingsLive, useSettingsView, type SettingsColumn } from './SettingsFrame';
import { bodyErrors, noteError, useSettingsMutation } from './settingsForm';
import type { SystemSettingsProps } from './SystemSettings';

const LISTS = ['searchApplicationConfiguration', 'getApplicationConfiguration'] as const;

interface EntryForm {
  readonly key: string;
  readonly value: string;
  readonly description: string;
}

/** The typed text as JSON, or undefined when it is not JSON. */
export function parseJsonValue(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function entryErrors(v: EntryForm): FieldErrors {
  const parsed = parseJsonValue(v.value);
  const body = { key: v.key.trim(), value: parsed.ok ? parsed.value : null, description: v.description };
  return mergeErrors(parsed.ok ? {} : { value: VALIDATION.invalidField }, bodyErrors(CreateApplicationConfigurationBody, body));
}

function EntryModal({ entry, onClose }: { readonly entry: ApplicationConfigurationEntry | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<EntryForm>(
    entry ? { key: entry.key, value: JSON.stringify(entry.value, null, 2), description: entry.description } : { key: '', value: '{}', description: '' },
    entryErrors,
  );
  const error = useFieldError('settings-application_configuration-error', form.errors);
  // The core's shape problems come on the value's parts (value.enabled): they show under the value.
  const valueError = error('value') ?? error(Object.keys(form.errors).find((k) => k.startsWith('value.')) ?? 'value');
  const create = useSettingsMutation('createApplicationConfiguration', LISTS);
  const update = useSettingsMutation('updateApplicationConfiguration', LISTS);
  const onSave = () => {
    const values = form.submit();
    if (!values) return;
    const parsed = parseJsonValue(values.value);
    if (!parsed.ok) return;
    const done = (e: ApplicationConfigurationEntry) => {
      toast.show({ message: t(entry ? 'systemSettings.common.updated' : 'systemSettings.common.created', { name: e.key }), variant: 'success' });
      onClose();
    };
    // The value is JSON.parse's: JSON by construction (the contract's type is zod's JSON type).
    const value = parsed.value as CreateApplicationConfigurationBody['value'];
    if (entry === null) create.mutate({ body: { key: values.key.trim(), value, description: values.description } }, { onSuccess: done, onError: (e) => form.failed(e) });
    else update.mutate({ params: { id: entry.id }, body: { value, description: values.description, version: entry.version } }, { onSuccess: done, onError: (e) => form.failed(e) });
  };
  return (
    <SettingsFormModal
      testId="application_configuration"
      title={entry ? t('systemSettings.application_configuration.editTitle', { name: entry.key }) : t('systemSettings.application_configuration.createTitle')}
      pending={create.isPending || update.isPending}
      error={noteError(form.error)}
      onSave={onSave}
      onClose={onClose}
    >
      <TextInput
        label={t('systemSettings.application_configuration.fields.key')}
        description={entry ? t('systemSettings.application_configuration.fields.keyFixed') : undefined}
        withAsterisk
        disabled={entry !== null}
        data-autofocus
        value={form.values.key}
        onChange={(e) => form.set({ key: e.currentTarget.value })}
        error={error('key')}
        data-testid="settings-application_configuration-key"
      />
      <JsonInput
        label={t('systemSettings.application_configuration.fields.value')}
        autosize
        minRows={4}
        formatOnBlur
        value={form.values.value}
        onChange={(value) => form.set({ value })}
        error={valueError}
        data-testid="settings-application_configuration-value"
      />
      <Textarea label={t('systemSettings.application_configuration.fields.description')} autosize value={form.values.description} onChange={(e) => form.set({ description: e.currentTarget.value })} error={error('description')} data-testid="settings-application_configuration-description" />
    </SettingsFormModal>
  );
}

export default function ApplicationConfigurationSetting(_props: SystemSettingsProps) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useSettingsView('key');
  const [editing, setEditing] = useState<ApplicationConfigurationEntry | null | 'new'>(null);
  useSettingsLive(['application_configuration'], LISTS);
  const list = useEndpointQuery('searchApplicationConfiguration', { query: settingsListQuery(view) as ApplicationConfigurationSearchQuery }, { placeholderData: keepPreviousData });
  const del = useConfirmedDelete(useSettingsMutation('deleteApplicationConfiguration', LISTS), {
    variables: (e: ApplicationConfigurationEntry) => ({ params: { id: e.id } }),
    deleted: (e) => t('systemSettings.common.deleted', { name: e.key }),
  });
  const columns: SettingsColumn<ApplicationConfigurationEntry>[] = [
    { id: 'key', header: t('systemSettings.application_configuration.columns.key'), render: (e) => <Code>{e.key}</Code>, sortKey: 'key' },
    {
      id: 'value',
      header: t('systemSettings.application_configuration.columns.value'),
      render: (e) => {
        const text = JSON.stringify(e.value);
        return <Code>{text.length > 80 ? `${text.slice(0, 80)}…` : text}</Code>;
      },
    },
    { id: 'description', header: t('systemSettings.application_configuration.columns.description'), render: (e) => e.description || '—' },
    { id: 'updatedAt', header: t('systemSettings.application_configuration.columns.updatedAt'), render: (e) => new Date(e.updatedAt).toLocaleString(i18n.language), sortKey: 'updatedAt' },
  ];
  return (
    <SettingsFrame
      testId="application_configuration"
      query={list}
      columns={columns}
      rowKey={(e) => e.id}
      view={view}
      onViewChange={setView}
      onAdd={() => setEditing('new')}
      addLabel={t('systemSettings.application_configuration.add')}
      onEdit={(e) => setEditing(e)}
      onDelete={del.ask}
    >
      {editing !== null && <EntryModal key={editing === 'new' ? 'new' : editing.id} entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {del.target !== null && <SettingsDeleteModal testId="application_configuration" name={del.target.key} {...del.modalProps} />}
    </SettingsFrame>
  );
}
