/**
 * The system settings of the admin console (spec 001 §2 /system_settings/:kind): each kind a list with create, edit and delete and the spec's rules.
 * One component per kind (each its own chunk); the section page shows the tabs and the title.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Loader } from '@mantine/core';
import type { SECTIONS } from '../../routing/routes';

export type SystemSettingsKind = (typeof SECTIONS)['systemSettings']['kinds'][number];

/** What every kind's component receives: the kind (servers share one component over four kinds). */
export interface SystemSettingsProps {
  readonly kind: SystemSettingsKind;
}

const ClientApplicationsSetting = lazy(() => import('./ClientApplicationsSetting'));
const ModemVendorsSetting = lazy(() => import('./ModemVendorsSetting'));
const AiSettingsSetting = lazy(() => import('./AiSettingsSetting'));
const StreamProfilesSetting = lazy(() => import('./StreamProfilesSetting'));
const StreamProvidersSetting = lazy(() => import('./StreamProvidersSetting'));
const StreamMediaProfilesSetting = lazy(() => import('./StreamMediaProfilesSetting'));
const OrganizationsSetting = lazy(() => import('./OrganizationsSetting'));
const OrganizationInventoriesSetting = lazy(() => import('./OrganizationInventoriesSetting'));
const SoftwareVersionSetting = lazy(() => import('./SoftwareVersionSetting'));
const SoftwareVersionProductsSetting = lazy(() => import('./SoftwareVersionProductsSetting'));
const GeocodingProfilesSetting = lazy(() => import('./GeocodingProfilesSetting'));
const ApplicationConfigurationSetting = lazy(() => import('./ApplicationConfigurationSetting'));

const KINDS: Record<SystemSettingsKind, ComponentType<SystemSettingsProps>> = {
  client_application: ClientApplicationsSetting,
  modem_vendor: ModemVendorsSetting,
  ai_settings: AiSettingsSetting,
  stream_profile: StreamProfilesSetting,
  stream_providers: StreamProvidersSetting,
  stream_media_profile: StreamMediaProfilesSetting,
  organization: OrganizationsSetting,
  organization_inventory: OrganizationInventoriesSetting,
  software_version: SoftwareVersionSetting,
  software_version_product: SoftwareVersionProductsSetting,
  geocoding_profile: GeocodingProfilesSetting,
  application_configuration: ApplicationConfigurationSetting,
};

export function SystemSettings({ kind }: SystemSettingsProps) {
  const View = KINDS[kind];
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <View kind={kind} />
    </Suspense>
  );
}
