/**
 * Stream profiles (spec 001 §2 /system_settings stream_profile; §5 "Only one main stream profile
 * per provider"), declared on the resource kit: the profiles of every provider or of one,
 * searchable and sortable; super user and staff add (to a provider: the filter's first), edit (name
 * unique per provider, main flag, settings JSON) and delete them. Making a second profile of a
 * provider main is refused by the core with the spec's words, shown on the main switch.
 */
import { Badge } from '@mantine/core';
import { STREAM_PROFILE_SORT_KEYS, type StreamProfile } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { defineResource, op, searchValueQuery, versionedUpdate, type Field } from '../../kit';
import { settingReads } from './settingParts';
import { checkProfile, profileBody, profileForm, type ProfileForm } from './streamSettingForms';
import { choiceField, filteredSettingPage } from './settingPage';

/** Every provider, by name, for the filter and the new profile's provider. */
function useProviderOptions() {
  const providers = useEndpointQuery('listStreamProviders', { query: { limit: 1000, sortBy: 'name', sortDir: 'asc' } });
  return (providers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
}

const ProviderField = choiceField<ProfileForm, 'providerId'>('providerId', useProviderOptions);

const FIELDS: readonly Field<ProfileForm>[] = [
  { kind: 'custom', name: 'providerId', label: 'streamSettings.profiles.provider', testId: 'provider', lockedOnEdit: true, render: ProviderField },
  { kind: 'text', name: 'name', label: 'streamSettings.profiles.name', required: true },
  { kind: 'switch', name: 'isMain', label: 'streamSettings.profiles.isMain', testId: 'is-main' },
  { kind: 'textarea', name: 'settings', label: 'streamSettings.profiles.settings', description: 'streamSettings.common.jsonHint' },
];

/** The profiles of one provider (null: of all), a new one starting with it. */
export function streamProfileResource(providerId: string | null) {
  return defineResource<StreamProfile, StreamProfile, ProfileForm>({
    testId: 'settings-stream-profiles',
    titles: { new: 'streamSettings.profiles.addTitle', edit: 'streamSettings.profiles.editTitle', noun: 'streamSettings.profiles.noun' },
    rowKey: (p) => p.id,
    label: (p) => p.name,
    list: {
      op: op('listStreamProfiles', (view) => ({
        query: { ...searchValueQuery(view, STREAM_PROFILE_SORT_KEYS), ...(providerId === null ? {} : { providerId }) },
      })),
      searchKeys: [],
    },
    columns: (t) => [
      { id: 'name', header: t('streamSettings.profiles.name'), render: (p) => p.name, sortKey: 'name' },
      { id: 'provider', header: t('streamSettings.profiles.provider'), render: (p) => p.providerName, sortKey: 'providerName' },
      {
        id: 'main',
        header: t('streamSettings.profiles.main'),
        render: (p) => p.isMain && <Badge data-testid={`settings-stream-profiles-main-${p.id}`}>{t('streamSettings.profiles.main')}</Badge>,
      },
    ],
    get: op('getStreamProfile', (id: string) => ({ params: { id } })),
    form: { fields: FIELDS, initial: (p) => profileForm(p, providerId), check: checkProfile },
    create: op('createStreamProfile', (v: ProfileForm) => ({ body: { ...profileBody(v), providerId: v.providerId ?? '' } })),
    update: versionedUpdate('updateStreamProfile', profileBody),
    remove: op('deleteStreamProfile', (p: StreamProfile) => ({ params: { id: p.id } })),
    stale: settingReads('stream_profile'),
  });
}

export default filteredSettingPage(streamProfileResource, 'streamSettings.profiles.add', {
  label: 'streamSettings.profiles.provider',
  all: 'streamSettings.profiles.allProviders',
  testId: 'settings-stream-profiles-provider-filter',
  useOptions: useProviderOptions,
});
