/**
 * Stream providers (spec 001 §2 /system_settings stream_providers), declared on the resource kit:
 * the providers with their profile count and main profile, searchable and sortable; super user and
 * staff add, edit (name unique, kind, configuration JSON) and delete them — the delete takes the
 * provider's stream profiles, and the confirmation says so.
 */
import { Badge } from '@mantine/core';
import { STREAM_PROVIDER_SORT_KEYS, type StreamProvider } from '@fleet/contracts';
import { defineResource, op, versionedUpdate, type Field } from '../../kit';
import { listQuery, settingReads } from './settingParts';
import { checkProvider, providerBody, providerForm, type ProviderForm } from './streamSettingForms';
import { settingPage } from './settingPage';

const FIELDS: readonly Field<ProviderForm>[] = [
  { kind: 'text', name: 'name', label: 'streamSettings.providers.name', required: true },
  { kind: 'text', name: 'kind', label: 'streamSettings.providers.kind', required: true },
  { kind: 'textarea', name: 'configuration', label: 'streamSettings.providers.configuration', description: 'streamSettings.common.jsonHint' },
];

export const streamProviderResource = defineResource<StreamProvider, StreamProvider, ProviderForm>({
  testId: 'settings-stream-providers',
  titles: { new: 'streamSettings.providers.addTitle', edit: 'streamSettings.providers.editTitle', noun: 'streamSettings.providers.noun' },
  rowKey: (p) => p.id,
  label: (p) => p.name,
  list: { op: op('listStreamProviders', listQuery(STREAM_PROVIDER_SORT_KEYS)), searchKeys: [] },
  columns: (t) => [
    { id: 'name', header: t('streamSettings.providers.name'), render: (p) => p.name, sortKey: 'name' },
    { id: 'kind', header: t('streamSettings.providers.kind'), render: (p) => p.kind, sortKey: 'kind' },
    { id: 'profiles', header: t('streamSettings.providers.profiles'), render: (p) => p.profileCount },
    {
      id: 'main',
      header: t('streamSettings.providers.mainProfile'),
      render: (p) => (p.mainProfileName == null ? '—' : <Badge variant="light">{p.mainProfileName}</Badge>),
    },
  ],
  get: op('getStreamProvider', (id: string) => ({ params: { id } })),
  form: { fields: FIELDS, initial: providerForm, check: checkProvider },
  create: op('createStreamProvider', (v: ProviderForm) => ({ body: providerBody(v) })),
  update: versionedUpdate('updateStreamProvider', providerBody),
  remove: op('deleteStreamProvider', (p: StreamProvider) => ({ params: { id: p.id } })),
  stale: settingReads('stream_providers'),
});

export default settingPage(streamProviderResource, 'streamSettings.providers.add', (p, t) =>
  t('streamSettings.providers.deleteQuestion', { name: p.name, count: p.profileCount }),
);
