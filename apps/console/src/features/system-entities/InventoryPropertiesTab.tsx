/**
 * The inventory's properties (spec 001 §3 Inventory: map view, reboot, vsim, social media, MJPEG
 * preview; §7 Inventories properties) as a form of switches saved with the version read, and its
 * geocoding profile (001 §3 Geocoding profile) chosen from the profiles of /system_settings, for
 * whom the catalogue lets make each call; the others see the switches read-only.
 *
 * The core has no read of the inventory's own geocoding profile (the inventory row does not carry
 * it): the choice starts empty and shows what was set once it is.
 *
 * Test ids: `inventory-properties-<flag>`, `-save`, `-cancel`, `-form-error`, `-loading`, `-error`;
 * `inventory-geocoding`, `-profile`, `-set`, `-current`, `-error`.
 */
import { useState } from 'react';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InventoryProperties } from '@fleet/contracts';
import { endpointKey, endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { QueryView } from '../../components/QueryView';
import { useForm } from '../../lib/forms/useForm';
import { FormPanel, MutedText, newest, useCanApply, useCanCall, useToastMutation } from '../../kit';
import { checkProperties, PROPERTY_FIELDS, propertiesBody, propertiesForm, type PropertiesForm } from './inventoryForms';
import { useAfterInventoryWrite } from './useInventoryTabs';

const TEST_ID = 'inventory-properties';

export function InventoryPropertiesTab({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminInventoryProperties', { params: { id: inventoryId } });
  const mayListProfiles = useCanCall('listGeocodingProfiles');
  const maySetProfile = useCanApply('setInventoryGeocodingProfile');
  const mayChooseProfile = mayListProfiles && maySetProfile;
  return (
    <Stack gap="md">
      <QueryView query={query} testIdPrefix={TEST_ID} errorTitle={t('systemEntities.inventoryTabs.loadError')}>
        {(properties) => <PropertiesEditor properties={properties} />}
      </QueryView>
      {mayChooseProfile && (
        <>
          <Divider />
          <GeocodingProfileChoice inventoryId={inventoryId} />
        </>
      )}
    </Stack>
  );
}

function PropertiesEditor({ properties }: { readonly properties: InventoryProperties }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const afterWrite = useAfterInventoryWrite(properties.inventoryId);
  const mayWrite = useCanApply('updateAdminInventoryProperties');
  const form = useForm<PropertiesForm>(propertiesForm(properties), checkProperties);
  const update = useToastMutation('updateAdminInventoryProperties', {
    success: () => t('systemEntities.inventoryTabs.properties.saved'),
    onSuccess: (saved) => {
      form.saved();
      queryClient.setQueryData<InventoryProperties>(endpointKey('getAdminInventoryProperties', { params: { id: saved.inventoryId } }), (cached) =>
        cached === undefined ? saved : newest(cached, saved),
      );
      afterWrite('getAdminInventoryProperties');
    },
    onError: (e) => form.failed(e),
  });
  const save = () => {
    const values = form.submit();
    if (values) update.mutate({ params: { id: properties.inventoryId }, body: propertiesBody(values, properties.version) });
  };
  return <FormPanel form={form} fields={PROPERTY_FIELDS} testId={TEST_ID} onSave={mayWrite ? save : null} onCancel={form.reset} saving={update.isPending} />;
}

/** The default profile's value in the choice (the call takes null for it). */
const DEFAULT = '';

function GeocodingProfileChoice({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const afterWrite = useAfterInventoryWrite(inventoryId);
  const profiles = useEndpointQuery('listGeocodingProfiles', { query: { limit: 1000, sortBy: 'name', sortDir: 'asc' } });
  const [chosen, setChosen] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null | undefined>(undefined);
  const set = useToastMutation('setInventoryGeocodingProfile', {
    success: () => t('systemEntities.inventoryTabs.geocoding.saved'),
    onSuccess: (answer) => {
      setCurrent(answer.geocodingProfileId);
      afterWrite(null);
      // A profile an inventory names is "in use" (it cannot be deleted): the list says so.
      void queryClient.invalidateQueries({ queryKey: endpointPrefix('listGeocodingProfiles') });
    },
    // A refusal shows above the choice (its alert), not as a toast.
    onError: () => undefined,
  });
  const items = profiles.data?.items ?? [];
  const nameOf = (id: string | null) => (id === null ? t('systemEntities.inventoryTabs.geocoding.default') : (items.find((p) => p.id === id)?.name ?? id));
  const options = [{ value: DEFAULT, label: t('systemEntities.inventoryTabs.geocoding.default') }, ...items.map((p) => ({ value: p.id, label: p.name }))];
  return (
    <Stack gap="xs" data-testid="inventory-geocoding">
      <Title order={6}>{t('systemEntities.inventoryTabs.geocoding.title')}</Title>
      <MutedText>{t('systemEntities.inventoryTabs.geocoding.hint')}</MutedText>
      <ErrorAlert error={set.error} testId="inventory-geocoding-error" />
      <Group gap="xs" align="flex-end">
        <Select
          flex={1}
          label={t('systemEntities.inventoryTabs.geocoding.profile')}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          disabled={profiles.isPending}
          data-testid="inventory-geocoding-profile"
        />
        <Button
          disabled={chosen === null}
          loading={set.isPending}
          onClick={() => chosen !== null && set.mutate({ params: { id: inventoryId }, body: { geocodingProfileId: chosen === DEFAULT ? null : chosen } })}
          data-testid="inventory-geocoding-set"
        >
          {t('systemEntities.inventoryTabs.geocoding.set')}
        </Button>
      </Group>
      {current !== undefined && (
        <Text size="sm" data-testid="inventory-geocoding-current">
          {t('systemEntities.inventoryTabs.geocoding.current', { name: nameOf(current) })}
        </Text>
      )}
    </Stack>
  );
}
