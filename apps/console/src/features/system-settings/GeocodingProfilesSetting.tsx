/**
 * Geocoding profiles (spec 001 §2 /system_settings geocoding_profile; §3 refresh intervals,
 * distance and percentage thresholds, geocoders and accuracies; §5 accuracies non-negative and
 * matching the geocoders; §8 "geocoding profile in use"), declared on the resource kit: the
 * profiles with the default and those in use marked; super user and staff add, edit (making one
 * the default moves the flag) and delete them — the default and one an inventory uses are refused
 * with "Geocoding profile in use" in the confirmation.
 */
import { Badge, Group, Switch } from '@mantine/core';
import { GEOCODERS, GEOCODING_PROFILE_SORT_KEYS, type GeocodingProfile } from '@fleet/contracts';
import { defineResource, op, versionedUpdate, type CustomFieldProps, type Field } from '../../kit';
import { listQuery } from './settingParts';
import { checkGeocoding, geocodingBody, geocodingForm, type GeocodingForm } from './streamSettingForms';
import { settingPage } from './settingPage';

const NUMBER_FIELDS = ['moving', 'idle', 'distanceThreshold', 'percentageThreshold'] as const;

/** The default stops being it only when another becomes it: its switch stays on. */
function DefaultField({ form, label, testId, error, readOnly }: CustomFieldProps<GeocodingForm>) {
  const { values } = form;
  return (
    <Switch
      label={label}
      checked={values.isDefault}
      onChange={(e) => form.set({ isDefault: e.currentTarget.checked })}
      disabled={readOnly || values.wasDefault}
      error={error('isDefault')}
      data-testid={testId}
    />
  );
}

const FIELDS: readonly Field<GeocodingForm>[] = [
  { kind: 'text', name: 'name', label: 'streamSettings.geocoding.name', required: true },
  ...NUMBER_FIELDS.map((name): Field<GeocodingForm> => ({ kind: 'number', name, label: `streamSettings.geocoding.${name}`, required: true })),
  {
    kind: 'multiselect',
    name: 'geocoders',
    label: 'streamSettings.geocoding.geocoders',
    required: true,
    options: () => GEOCODERS.map((g) => ({ value: g, label: g })),
  },
  { kind: 'text', name: 'accuracies', label: 'streamSettings.geocoding.accuracies', description: 'streamSettings.geocoding.accuraciesHint' },
  { kind: 'custom', name: 'isDefault', label: 'streamSettings.geocoding.isDefault', testId: 'is-default', render: DefaultField },
];

export const geocodingProfileResource = defineResource<GeocodingProfile, GeocodingProfile, GeocodingForm>({
  testId: 'settings-geocoding-profiles',
  titles: { new: 'streamSettings.geocoding.addTitle', edit: 'streamSettings.geocoding.editTitle', noun: 'streamSettings.geocoding.noun' },
  rowKey: (p) => p.id,
  label: (p) => p.name,
  list: { op: op('listGeocodingProfiles', listQuery(GEOCODING_PROFILE_SORT_KEYS)), searchKeys: [] },
  columns: (t) => [
    { id: 'name', header: t('streamSettings.geocoding.name'), render: (p) => p.name, sortKey: 'name' },
    { id: 'geocoders', header: t('streamSettings.geocoding.geocoders'), render: (p) => p.geocoders.map((g, i) => `${g} (${p.accuracies[i] ?? 0})`).join(', ') },
    {
      id: 'status',
      header: t('streamSettings.geocoding.status'),
      render: (p) => (
        <Group gap={4}>
          {p.isDefault && <Badge data-testid={`settings-geocoding-profiles-default-${p.id}`}>{t('streamSettings.geocoding.default')}</Badge>}
          {p.inventoryCount > 0 && <Badge variant="light">{t('streamSettings.geocoding.inventories', { count: p.inventoryCount })}</Badge>}
        </Group>
      ),
    },
  ],
  get: op('getGeocodingProfile', (id: string) => ({ params: { id } })),
  form: { fields: FIELDS, initial: geocodingForm, check: checkGeocoding },
  create: op('createGeocodingProfile', (v: GeocodingForm) => ({ body: geocodingBody(v) })),
  update: versionedUpdate('updateGeocodingProfile', geocodingBody),
  remove: op('deleteGeocodingProfile', (p: GeocodingProfile) => ({ params: { id: p.id } })),
});

export default settingPage(geocodingProfileResource, 'streamSettings.geocoding.add');
