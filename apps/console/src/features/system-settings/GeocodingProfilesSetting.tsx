/**
 * Geocoding profiles (spec 001 §2 /system_settings geocoding_profile; §3 refresh intervals,
 * distance and percentage thresholds, geocoders and accuracies; §5 accuracies non-negative and
 * matching the geocoders; §8 "geocoding profile in use"): the profiles with the default and those
 * in use marked; super user and staff add, edit (making one the default moves the flag) and delete
 * them — the default and one an inventory uses are refused with "Geocoding profile in use" in the
 * confirmation. Kept current over /ws.
 */
import { useState } from 'react';
import { Badge, Group, MultiSelect, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GEOCODERS, type GeocodingProfile } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useSettingsMutation } from './settingsForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { SettingsFormModal, useSettingsLive, type SettingsColumn } from './SettingsFrame';
import { formNote, StreamSettingsTab, useFormSave, useStreamSettingsList } from './StreamSettingParts';
import { checkGeocoding, geocodingBody, geocodingForm } from './streamSettingForms';
import type { SystemSettingsProps } from './SystemSettings';
import { FreshEdit } from './FreshEdit';
import { op } from '../../kit';

/** The lists a save or a delete here changes, read again once it succeeded (other consoles hear it on /ws). */
const GEOCODING_LISTS = ['listGeocodingProfiles'] as const;

const TEST_ID = 'geocoding-profiles';
/** The row read fresh by id before it is edited. */
const READ_GEOCODING_PROFILE = op('getGeocodingProfile', (id: string) => ({ params: { id } }));
const NUMBER_FIELDS = ['moving', 'idle', 'distanceThreshold', 'percentageThreshold'] as const;

export default function GeocodingProfilesSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const { view, setView, query } = useStreamSettingsList<'name' | 'updatedAt'>('name');
  const list = useEndpointQuery('listGeocodingProfiles', { query });
  useSettingsLive(['geocoding_profile'], ['listGeocodingProfiles']);
  const remove = useSettingsMutation('deleteGeocodingProfile', GEOCODING_LISTS);

  const columns: SettingsColumn<GeocodingProfile>[] = [
    { id: 'name', header: t('streamSettings.geocoding.name'), render: (p) => p.name, sortKey: 'name' },
    { id: 'geocoders', header: t('streamSettings.geocoding.geocoders'), render: (p) => p.geocoders.map((g, i) => `${g} (${p.accuracies[i] ?? 0})`).join(', ') },
    {
      id: 'status',
      header: t('streamSettings.geocoding.status'),
      render: (p) => (
        <Group gap={4}>
          {p.isDefault && <Badge data-testid={`settings-${TEST_ID}-default-${p.id}`}>{t('streamSettings.geocoding.default')}</Badge>}
          {p.inventoryCount > 0 && <Badge variant="light">{t('streamSettings.geocoding.inventories', { count: p.inventoryCount })}</Badge>}
        </Group>
      ),
    },
  ];

  return (
    <StreamSettingsTab
      testId={TEST_ID}
      query={list}
      columns={columns}
      view={view}
      onViewChange={setView}
      addLabel={t('streamSettings.geocoding.add')}
      remove={remove}
      modal={(row, onClose) =>
        row === null ? (
          <GeocodingModal profile={null} onClose={onClose} />
        ) : (
          <FreshEdit read={READ_GEOCODING_PROFILE} row={row} testId={`settings-${TEST_ID}`} title={row.name} onClose={onClose}>
            {(fresh) => <GeocodingModal profile={fresh} onClose={onClose} />}
          </FreshEdit>
        )
      }
    />
  );
}

function GeocodingModal({ profile, onClose }: { profile: GeocodingProfile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [source] = useState(() => geocodingForm(profile));
  const form = useForm(source, checkGeocoding);
  const fieldError = useFieldError(`settings-${TEST_ID}-error`, form.errors);
  const create = useSettingsMutation('createGeocodingProfile', GEOCODING_LISTS);
  const update = useSettingsMutation('updateGeocodingProfile', GEOCODING_LISTS);
  // The core names the intervals refreshIntervals.moving / .idle; the form shows them as moving / idle.
  const save = useFormSave<typeof source, GeocodingProfile>(
    form,
    checkGeocoding,
    (values, handlers) => {
      const body = geocodingBody(values);
      if (profile === null) create.mutate({ body }, handlers);
      else update.mutate({ params: { id: profile.id }, body: { ...body, version: profile.version } }, handlers);
    },
    onClose,
    profile === null ? 'created' : 'saved',
  );
  const error = (field: string) => fieldError(field) ?? (field === 'moving' || field === 'idle' ? fieldError(`refreshIntervals.${field}`) : undefined);
  return (
    <SettingsFormModal
      testId={TEST_ID}
      title={profile === null ? t('streamSettings.geocoding.addTitle') : t('streamSettings.geocoding.editTitle', { name: profile.name })}
      pending={create.isPending || update.isPending}
      error={formNote(form, ['name', ...NUMBER_FIELDS, 'refreshIntervals.moving', 'refreshIntervals.idle', 'geocoders', 'accuracies', 'isDefault'])}
      onSave={save}
      onClose={onClose}
    >
      <TextInput label={t('streamSettings.geocoding.name')} value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={error('name')} data-testid={`settings-${TEST_ID}-name`} />
      <SimpleGrid cols={2}>
        {NUMBER_FIELDS.map((field) => (
          <NumberInput
            key={field}
            label={t(`streamSettings.geocoding.${field}`)}
            value={form.values[field]}
            onChange={(v) => form.set({ [field]: v })}
            allowNegative
            error={error(field)}
            data-testid={`settings-${TEST_ID}-${field}`}
          />
        ))}
      </SimpleGrid>
      <MultiSelect
        label={t('streamSettings.geocoding.geocoders')}
        data={GEOCODERS.map((g) => ({ value: g, label: g }))}
        value={[...form.values.geocoders]}
        onChange={(geocoders) => form.set({ geocoders })}
        searchable
        error={error('geocoders')}
        data-testid={`settings-${TEST_ID}-geocoders`}
      />
      <TextInput
        label={t('streamSettings.geocoding.accuracies')}
        description={t('streamSettings.geocoding.accuraciesHint')}
        value={form.values.accuracies}
        onChange={(e) => form.set({ accuracies: e.currentTarget.value })}
        error={error('accuracies')}
        data-testid={`settings-${TEST_ID}-accuracies`}
      />
      <Switch
        label={t('streamSettings.geocoding.isDefault')}
        checked={form.values.isDefault}
        onChange={(e) => form.set({ isDefault: e.currentTarget.checked })}
        // The default stops being it only when another becomes it.
        disabled={profile?.isDefault === true}
        error={error('isDefault')}
        data-testid={`settings-${TEST_ID}-is-default`}
      />
    </SettingsFormModal>
  );
}
