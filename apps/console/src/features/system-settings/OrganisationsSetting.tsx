/**
 * Organisations (spec 001 §2 /system_settings organization; §3 external UID, default role, max
 * users), declared on the resource kit: the list with each organisation's active users and
 * inventories; create, edit (max users not below the active users: the core's "Must be N or more"
 * shows on the field) and delete (refused while it has users, with the core's message).
 */
import { CreateOrganisationBody, ORGANISATION_SORT_KEYS, ROLES, type Organisation, type Role } from '@fleet/contracts';
import { defineResource, op, schemaCheck, versionedUpdate, type Field } from '../../kit';
import { listQuery, settingReads } from './settingParts';
import { settingPage } from './settingPage';
import { enumLabel } from '../../lib/tolerant';

type OrganisationForm = ReturnType<typeof organisationForm>;

const organisationForm = (o: Organisation | null) =>
  o
    ? { name: o.name, externalUid: o.externalUid ?? '', defaultRole: o.defaultRole as string | null, maxUsers: String(o.maxUsers) }
    : { name: '', externalUid: '', defaultRole: 'luc_regular' as string | null, maxUsers: '0' };

const isRole = (r: string | null): r is Role => (ROLES as readonly (string | null)[]).includes(r);

export function organisationBody(v: OrganisationForm) {
  const maxUsers = v.maxUsers.trim();
  return {
    name: v.name.trim(),
    externalUid: v.externalUid.trim() === '' ? null : v.externalUid.trim(),
    ...(isRole(v.defaultRole) ? { defaultRole: v.defaultRole } : {}),
    // An emptied number field is left out: the stored value stays (0, no limit, for a new one).
    ...(maxUsers === '' ? {} : { maxUsers: Number(maxUsers) }),
  };
}

const FIELDS: readonly Field<OrganisationForm>[] = [
  { kind: 'text', name: 'name', label: 'systemSettings.organization.fields.name', required: true },
  { kind: 'text', name: 'externalUid', label: 'systemSettings.organization.fields.externalUid' },
  {
    kind: 'select',
    name: 'defaultRole',
    label: 'systemSettings.organization.fields.defaultRole',
    searchable: true,
    options: (t) => ROLES.map((r) => ({ value: r, label: t(`users.types.${r}`) })),
  },
  { kind: 'number', name: 'maxUsers', label: 'systemSettings.organization.fields.maxUsers', description: 'systemSettings.organization.fields.maxUsersHint' },
];

export const organisationResource = defineResource<Organisation, Organisation, OrganisationForm>({
  testId: 'settings-organization',
  titles: { new: 'systemSettings.organization.createTitle', edit: 'systemSettings.organization.editTitle', noun: 'systemSettings.organization.noun' },
  rowKey: (o) => o.id,
  label: (o) => o.name,
  list: { op: op('searchOrganisations', listQuery(ORGANISATION_SORT_KEYS)), searchKeys: [] },
  columns: (t) => [
    { id: 'name', header: t('systemSettings.organization.columns.name'), render: (o) => o.name, sortKey: 'name' },
    { id: 'externalUid', header: t('systemSettings.organization.columns.externalUid'), render: (o) => o.externalUid ?? '—', sortKey: 'externalUid' },
    { id: 'defaultRole', header: t('systemSettings.organization.columns.defaultRole'), render: (o) => enumLabel(t, 'users.types', o.defaultRole) },
    {
      id: 'maxUsers',
      header: t('systemSettings.organization.columns.maxUsers'),
      render: (o) => (o.maxUsers === 0 ? t('systemSettings.organization.noLimit') : o.maxUsers),
      sortKey: 'maxUsers',
    },
    {
      id: 'users',
      header: t('systemSettings.organization.columns.users'),
      render: (o) => t('systemSettings.organization.usersOf', { active: o.activeUsers, total: o.userCount }),
    },
    { id: 'inventories', header: t('systemSettings.organization.columns.inventories'), render: (o) => o.inventoryCount },
  ],
  get: op('getOrganisation', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: organisationForm,
    check: schemaCheck(FIELDS, CreateOrganisationBody, organisationBody),
  },
  create: op('createOrganisation', (v: OrganisationForm) => ({ body: organisationBody(v) })),
  update: versionedUpdate('updateOrganisation', organisationBody),
  remove: op('deleteOrganisation', (o: Organisation) => ({ params: { id: o.id } })),
  stale: settingReads('organization'),
});

export default settingPage(organisationResource, 'systemSettings.organization.add');
