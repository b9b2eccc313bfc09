/**
 * Stream profiles (spec 001 §2 /system_settings stream_profile; §5 "Only one main stream profile
 * per provider"): the profiles of every provider or of one, searchable and sortable; super user and
 * staff add (to a provider), edit (name unique per provider, main flag, settings JSON) and delete
 * them. Making a second profile of a provider main is refused by the core with the spec's words,
 * shown on the main switch. Kept current over /ws.
 */
import { useState } from 'react';
import { Badge, Select, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StreamProfile } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useSettingsMutation } from './settingsForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { SettingsFormModal, useSettingsLive, type SettingsColumn } from './SettingsFrame';
import { formNote, StreamSettingsTab, JsonField, useFormSave, useStreamSettingsList } from './StreamSettingParts';
import { checkProfile, profileBody, profileForm } from './streamSettingForms';
import type { SystemSettingsProps } from './SystemSettings';
import { FreshEdit } from './FreshEdit';
import { op } from '../../kit';

/** The lists a save or a delete here changes, read again once it succeeded (other consoles hear it on /ws). */
const STREAM_PROFILE_LISTS = ['listStreamProfiles', 'listStreamProviders'] as const;

const TEST_ID = 'stream-profiles';
/** The row read fresh by id before it is edited. */
const READ_PROFILE = op('getStreamProfile', (id: string) => ({ params: { id } }));

/** Every provider, by name, for the filter and the new profile's provider. */
function useProviderOptions() {
  const providers = useEndpointQuery('listStreamProviders', { query: { limit: 1000, sortBy: 'name', sortDir: 'asc' } });
  return (providers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
}

export default function StreamProfilesSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const { view, setView, query } = useStreamSettingsList<'name' | 'providerName' | 'updatedAt'>('name');
  const [providerId, setProviderId] = useState<string | null>(null);
  const list = useEndpointQuery('listStreamProfiles', { query: { ...query, ...(providerId !== null ? { providerId } : {}) } });
  useSettingsLive(['stream_profile', 'stream_providers'], ['listStreamProfiles', 'listStreamProviders']);
  const providers = useProviderOptions();
  const remove = useSettingsMutation('deleteStreamProfile', STREAM_PROFILE_LISTS);

  const columns: SettingsColumn<StreamProfile>[] = [
    { id: 'name', header: t('streamSettings.profiles.name'), render: (p) => p.name, sortKey: 'name' },
    { id: 'provider', header: t('streamSettings.profiles.provider'), render: (p) => p.providerName, sortKey: 'providerName' },
    {
      id: 'main',
      header: t('streamSettings.profiles.main'),
      render: (p) => (p.isMain ? <Badge data-testid={`settings-${TEST_ID}-main-${p.id}`}>{t('streamSettings.profiles.main')}</Badge> : ''),
    },
  ];

  return (
    <StreamSettingsTab
      testId={TEST_ID}
      query={list}
      columns={columns}
      view={view}
      onViewChange={setView}
      toolbar={
        <Select
          label={t('streamSettings.profiles.provider')}
          placeholder={t('streamSettings.profiles.allProviders')}
          data={providers}
          value={providerId}
          onChange={(v) => {
            setProviderId(v);
            setView({ ...view, page: 1 });
          }}
          clearable
          searchable
          data-testid={`settings-${TEST_ID}-provider-filter`}
        />
      }
      addLabel={t('streamSettings.profiles.add')}
      remove={remove}
      modal={(row, onClose) =>
        row === null ? (
          <ProfileModal profile={null} providerId={providerId} providers={providers} onClose={onClose} />
        ) : (
          <FreshEdit read={READ_PROFILE} row={row} testId={`settings-${TEST_ID}`} title={row.name} onClose={onClose}>
            {(fresh) => <ProfileModal profile={fresh} providerId={providerId} providers={providers} onClose={onClose} />}
          </FreshEdit>
        )
      }
    />
  );
}

function ProfileModal({
  profile,
  providerId,
  providers,
  onClose,
}: {
  profile: StreamProfile | null;
  providerId: string | null;
  providers: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [source] = useState(() => profileForm(profile, providerId));
  const form = useForm(source, checkProfile);
  const fieldError = useFieldError(`settings-${TEST_ID}-error`, form.errors);
  const create = useSettingsMutation('createStreamProfile', STREAM_PROFILE_LISTS);
  const update = useSettingsMutation('updateStreamProfile', STREAM_PROFILE_LISTS);
  const save = useFormSave<typeof source, StreamProfile>(
    form,
    checkProfile,
    (values, handlers) =>
      profile === null
        ? create.mutate({ body: { ...profileBody(values), providerId: values.providerId ?? '' } }, handlers)
        : update.mutate({ params: { id: profile.id }, body: { ...profileBody(values), version: profile.version } }, handlers),
    onClose,
    profile === null ? 'created' : 'saved',
  );
  return (
    <SettingsFormModal
      testId={TEST_ID}
      title={profile === null ? t('streamSettings.profiles.addTitle') : t('streamSettings.profiles.editTitle', { name: profile.name })}
      pending={create.isPending || update.isPending}
      error={formNote(form, ['providerId', 'name', 'isMain', 'settings'])}
      onSave={save}
      onClose={onClose}
    >
      <Select
        label={t('streamSettings.profiles.provider')}
        data={providers}
        value={form.values.providerId}
        onChange={(v) => form.set({ providerId: v })}
        disabled={profile !== null}
        searchable
        error={fieldError('providerId')}
        data-testid={`settings-${TEST_ID}-provider`}
      />
      <TextInput label={t('streamSettings.profiles.name')} value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={fieldError('name')} data-testid={`settings-${TEST_ID}-name`} />
      <Switch
        label={t('streamSettings.profiles.isMain')}
        checked={form.values.isMain}
        onChange={(e) => form.set({ isMain: e.currentTarget.checked })}
        error={fieldError('isMain')}
        data-testid={`settings-${TEST_ID}-is-main`}
      />
      <JsonField label={t('streamSettings.profiles.settings')} value={form.values.settings} onChange={(settings) => form.set({ settings })} error={fieldError('settings')} testId={`settings-${TEST_ID}-settings`} />
    </SettingsFormModal>
  );
}
