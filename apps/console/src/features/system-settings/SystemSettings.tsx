/**
 * The system settings of the admin console (spec 001 §2 /system_settings/:kind): each kind a list with create, edit and delete and the spec's rules.
 * One component per kind (each its own chunk); the section page shows the tabs and the title.
 */
import { lazy } from '../../lib/lazy';
import type { ComponentType } from 'react';
import { KindView } from '../../components/KindView';
import type { SystemSettingsKind, SystemSettingsProps } from './settingPage';

export type { SystemSettingsKind, SystemSettingsProps };

const KINDS: Record<SystemSettingsKind, ComponentType<SystemSettingsProps>> = {
  client_application: lazy(() => import('./ClientApplicationsSetting')),
  modem_vendor: lazy(() => import('./ModemVendorsSetting')),
  ai_settings: lazy(() => import('./AiSettingsSetting')),
  stream_profile: lazy(() => import('./StreamProfilesSetting')),
  stream_providers: lazy(() => import('./StreamProvidersSetting')),
  stream_media_profile: lazy(() => import('./StreamMediaProfilesSetting')),
  organization: lazy(() => import('./OrganisationsSetting')),
  organization_inventory: lazy(() => import('./OrganisationInventoriesSetting')),
  // The /sw_version screen itself (its list, filters, create, edit, inventories and delete, kept current over /ws).
  software_version: lazy(() => import('../software-versions/SoftwareVersions.page')),
  software_version_product: lazy(() => import('./SoftwareVersionProductsSetting')),
  geocoding_profile: lazy(() => import('./GeocodingProfilesSetting')),
  application_configuration: lazy(() => import('./ApplicationConfigurationSetting')),
};

export function SystemSettings({ kind }: SystemSettingsProps) {
  return <KindView views={KINDS} kind={kind} />;
}
