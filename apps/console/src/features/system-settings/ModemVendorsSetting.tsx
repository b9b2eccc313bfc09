/**
 * Modem vendors (spec 001 §2 /system_settings modem_vendor; support-staff menu "Modems Vendor/Model"):
 * vendors with their models; the form adds, renames and removes models (names unique within the
 * vendor: "This field must be unique" on the repeated one).
 */
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateModemVendorBody, type ModemVendor, type ModemVendorSearchQuery } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useForm } from '../../lib/forms/useForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { SettingsDeleteModal, SettingsFrame, SettingsFormModal, settingsListQuery, useSettingsLive, useSettingsView, type SettingsColumn } from './SettingsFrame';
import { bodyErrors, noteError, useSettingsMutation } from './settingsForm';
import type { SystemSettingsProps } from './SystemSettings';

const LISTS = ['searchModemVendors', 'getModemVendor'] as const;

interface VendorForm {
  readonly name: string;
  readonly models: readonly string[];
}

export const vendorBody = (v: VendorForm) => ({ name: v.name.trim(), models: v.models.map((name) => ({ name: name.trim() })) });

function VendorModal({ vendor, onClose }: { readonly vendor: ModemVendor | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<VendorForm>(vendor ? { name: vendor.name, models: vendor.models.map((m) => m.name) } : { name: '', models: [] }, (v) => bodyErrors(CreateModemVendorBody, vendorBody(v)));
  const error = useFieldError('settings-modem_vendor-error', form.errors);
  const create = useSettingsMutation('createModemVendor', LISTS);
  const update = useSettingsMutation('updateModemVendor', LISTS);
  const setModel = (i: number, name: string) => form.set({ models: form.values.models.map((m, j) => (j === i ? name : m)) });
  const onSave = () => {
    const values = form.submit();
    if (!values) return;
    const body = vendorBody(values);
    const done = (v: ModemVendor) => {
      toast.show({ message: t(vendor ? 'systemSettings.common.updated' : 'systemSettings.common.created', { name: v.name }), variant: 'success' });
      onClose();
    };
    if (vendor === null) create.mutate({ body }, { onSuccess: done, onError: (e) => form.failed(e) });
    else update.mutate({ params: { id: vendor.id }, body: { ...body, version: vendor.version } }, { onSuccess: done, onError: (e) => form.failed(e) });
  };
  return (
    <SettingsFormModal
      testId="modem_vendor"
      title={vendor ? t('systemSettings.modem_vendor.editTitle', { name: vendor.name }) : t('systemSettings.modem_vendor.createTitle')}
      pending={create.isPending || update.isPending}
      error={noteError(form.error)}
      onSave={onSave}
      onClose={onClose}
    >
      <TextInput label={t('systemSettings.modem_vendor.fields.name')} withAsterisk data-autofocus value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={error('name')} data-testid="settings-modem_vendor-name" />
      <Stack gap="xs">
        <Text fw={500} size="sm">{t('systemSettings.modem_vendor.fields.models')}</Text>
        {form.values.models.length === 0 && <Text size="sm" c="dimmed">{t('systemSettings.modem_vendor.fields.noModels')}</Text>}
        {form.values.models.map((model, i) => (
          // Models have no id of their own: a row is its position in the list.
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t('systemSettings.modem_vendor.fields.model', { n: i + 1 })}
              value={model}
              onChange={(e) => setModel(i, e.currentTarget.value)}
              error={error(`models.${i}.name`)}
              style={{ flex: 1 }}
              data-testid={`settings-modem_vendor-model-${i}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={t('systemSettings.modem_vendor.fields.removeModel')}
              onClick={() => form.set({ models: form.values.models.filter((_, j) => j !== i) })}
              data-testid={`settings-modem_vendor-model-remove-${i}`}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        {error('models')}
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => form.set({ models: [...form.values.models, ''] })} data-testid="settings-modem_vendor-model-add">
            {t('systemSettings.modem_vendor.fields.addModel')}
          </Button>
        </Group>
      </Stack>
    </SettingsFormModal>
  );
}

export default function ModemVendorsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const [view, setView] = useSettingsView('name');
  const [editing, setEditing] = useState<ModemVendor | null | 'new'>(null);
  useSettingsLive(['modem_vendor'], LISTS);
  const list = useEndpointQuery('searchModemVendors', { query: settingsListQuery(view) as ModemVendorSearchQuery }, { placeholderData: keepPreviousData });
  const del = useConfirmedDelete(useSettingsMutation('deleteModemVendor', LISTS), {
    variables: (v: ModemVendor) => ({ params: { id: v.id } }),
    deleted: (v) => t('systemSettings.common.deleted', { name: v.name }),
  });
  const columns: SettingsColumn<ModemVendor>[] = [
    { id: 'name', header: t('systemSettings.modem_vendor.columns.name'), render: (v) => v.name, sortKey: 'name' },
    { id: 'models', header: t('systemSettings.modem_vendor.columns.models'), render: (v) => v.models.map((m) => m.name).join(', ') || '—' },
  ];
  return (
    <SettingsFrame
      testId="modem_vendor"
      query={list}
      columns={columns}
      rowKey={(v) => v.id}
      view={view}
      onViewChange={setView}
      onAdd={() => setEditing('new')}
      addLabel={t('systemSettings.modem_vendor.add')}
      onEdit={(v) => setEditing(v)}
      onDelete={del.ask}
    >
      {editing !== null && <VendorModal key={editing === 'new' ? 'new' : editing.id} vendor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {del.target !== null && <SettingsDeleteModal testId="modem_vendor" name={del.target.name} {...del.modalProps} />}
    </SettingsFrame>
  );
}
