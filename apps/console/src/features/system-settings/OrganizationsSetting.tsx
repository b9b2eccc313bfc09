/**
 * Organisations (spec 001 §2 /system_settings organization; §3 external UID, default role, max users).
 * The list with each organisation's active users and inventories; create, edit (max users not
 * below the active users: the core's "Must be N or more" shows on the field) and delete (refused
 * while it has users, with the core's message).
 */
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateOrganisationBody, ROLES, type Organisation, type OrganisationSearchQuery, type Role } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useForm } from '../../lib/forms/useForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { SettingsDeleteModal, SettingsFrame, SettingsFormModal, settingsListQuery, useSettingsLive, useSettingsView, type SettingsColumn } from './SettingsFrame';
import { bodyErrors, noteError, useSettingsMutation } from './settingsForm';
import type { SystemSettingsProps } from './SystemSettings';

const LISTS = ['searchOrganisations', 'getOrganisation', 'searchOrganisationInventories'] as const;

interface OrganisationForm {
  readonly name: string;
  readonly externalUid: string;
  readonly defaultRole: Role;
  readonly maxUsers: number | string;
}

export function organisationBody(v: OrganisationForm) {
  return {
    name: v.name.trim(),
    externalUid: v.externalUid.trim() === '' ? null : v.externalUid.trim(),
    defaultRole: v.defaultRole,
    // An emptied number field is left out: the stored value stays (0, no limit, for a new one).
    maxUsers: typeof v.maxUsers === 'number' ? v.maxUsers : v.maxUsers === '' ? undefined : Number(v.maxUsers),
  };
}

function useRoleLabel() {
  const { t, i18n } = useTranslation();
  return (role: string) => (i18n.exists(`users.types.${role}`) ? t(`users.types.${role}` as 'users.types.luc_admin') : role);
}

function OrganisationModal({ organisation, onClose }: { readonly organisation: Organisation | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const roleLabel = useRoleLabel();
  const form = useForm<OrganisationForm>(
    organisation
      ? { name: organisation.name, externalUid: organisation.externalUid ?? '', defaultRole: organisation.defaultRole, maxUsers: organisation.maxUsers }
      : { name: '', externalUid: '', defaultRole: 'luc_regular', maxUsers: 0 },
    (v) => bodyErrors(CreateOrganisationBody, organisationBody(v)),
  );
  const error = useFieldError('settings-organization-error', form.errors);
  const create = useSettingsMutation('createOrganisation', LISTS);
  const update = useSettingsMutation('updateOrganisation', LISTS);
  const onSave = () => {
    const values = form.submit();
    if (!values) return;
    const body = organisationBody(values);
    const done = (o: Organisation) => {
      toast.show({ message: t(organisation ? 'systemSettings.common.updated' : 'systemSettings.common.created', { name: o.name }), variant: 'success' });
      onClose();
    };
    if (organisation === null) create.mutate({ body }, { onSuccess: done, onError: (e) => form.failed(e) });
    else update.mutate({ params: { id: organisation.id }, body: { ...body, version: organisation.version } }, { onSuccess: done, onError: (e) => form.failed(e) });
  };
  return (
    <SettingsFormModal
      testId="organization"
      title={organisation ? t('systemSettings.organization.editTitle', { name: organisation.name }) : t('systemSettings.organization.createTitle')}
      pending={create.isPending || update.isPending}
      error={noteError(form.error)}
      onSave={onSave}
      onClose={onClose}
    >
      <TextInput label={t('systemSettings.organization.fields.name')} withAsterisk data-autofocus value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={error('name')} data-testid="settings-organization-name" />
      <TextInput label={t('systemSettings.organization.fields.externalUid')} value={form.values.externalUid} onChange={(e) => form.set({ externalUid: e.currentTarget.value })} error={error('externalUid')} data-testid="settings-organization-externalUid" />
      <Select
        label={t('systemSettings.organization.fields.defaultRole')}
        data={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
        value={form.values.defaultRole}
        onChange={(r) => r && form.set({ defaultRole: r as Role })}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
        error={error('defaultRole')}
        data-testid="settings-organization-defaultRole"
      />
      <NumberInput
        label={t('systemSettings.organization.fields.maxUsers')}
        description={t('systemSettings.organization.fields.maxUsersHint', { count: organisation?.activeUsers ?? 0 })}
        min={0}
        allowDecimal={false}
        value={form.values.maxUsers}
        onChange={(v) => form.set({ maxUsers: v })}
        error={error('maxUsers')}
        data-testid="settings-organization-maxUsers"
      />
    </SettingsFormModal>
  );
}

export default function OrganizationsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const [view, setView] = useSettingsView('name');
  const [editing, setEditing] = useState<Organisation | null | 'new'>(null);
  useSettingsLive(['organization', 'organization_inventory'], LISTS);
  const query = settingsListQuery(view) as OrganisationSearchQuery;
  const list = useEndpointQuery('searchOrganisations', { query }, { placeholderData: keepPreviousData });
  const del = useConfirmedDelete(useSettingsMutation('deleteOrganisation', LISTS), {
    variables: (o: Organisation) => ({ params: { id: o.id } }),
    deleted: (o) => t('systemSettings.common.deleted', { name: o.name }),
  });

  const columns: SettingsColumn<Organisation>[] = [
    { id: 'name', header: t('systemSettings.organization.columns.name'), render: (o) => o.name, sortKey: 'name' },
    { id: 'externalUid', header: t('systemSettings.organization.columns.externalUid'), render: (o) => o.externalUid ?? '—', sortKey: 'externalUid' },
    { id: 'defaultRole', header: t('systemSettings.organization.columns.defaultRole'), render: (o) => roleLabel(o.defaultRole) },
    { id: 'maxUsers', header: t('systemSettings.organization.columns.maxUsers'), render: (o) => (o.maxUsers === 0 ? t('systemSettings.organization.noLimit') : o.maxUsers), sortKey: 'maxUsers' },
    { id: 'users', header: t('systemSettings.organization.columns.users'), render: (o) => t('systemSettings.organization.usersOf', { active: o.activeUsers, total: o.userCount }) },
    { id: 'inventories', header: t('systemSettings.organization.columns.inventories'), render: (o) => o.inventoryCount },
  ];

  return (
    <SettingsFrame
      testId="organization"
      query={list}
      columns={columns}
      rowKey={(o) => o.id}
      view={view}
      onViewChange={setView}
      onAdd={() => setEditing('new')}
      addLabel={t('systemSettings.organization.add')}
      onEdit={(o) => setEditing(o)}
      onDelete={del.ask}
    >
      {editing !== null && <OrganisationModal key={editing === 'new' ? 'new' : editing.id} organisation={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {del.target !== null && <SettingsDeleteModal testId="organization" name={del.target.name} {...del.modalProps} />}
    </SettingsFrame>
  );
}
