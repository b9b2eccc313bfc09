/**
 * The tabbed sections of the route table, as plain data (no page imports), so end-to-end specs and
 * other programs can read them without the console's page map.
 */
/** Tabbed sections whose children share one page (spec 001 §2). */
export const SECTIONS = {
  systemEntities: {
    base: '/system_entities',
    kinds: [
      'inventories',
      'groups',
      'units',
      'mmh_servers',
      'vr_servers',
      'ingest_servers',
      'transceiver_servers',
      'users',
      'channels',
      'vrChannels',
      'dbGateways',
    ],
  },
  systemSettings: {
    base: '/system_settings',
    kinds: [
      'client_application',
      'modem_vendor',
      'ai_settings',
      'stream_profile',
      'stream_providers',
      'stream_media_profile',
      'organization',
      'organization_inventory',
      'software_version',
      'software_version_product',
      'geocoding_profile',
      'application_configuration',
    ],
  },
  contractorEntities: {
    base: '/entities',
    kinds: ['units', 'mmh_servers', 'channels', 'vr_servers', 'vr_channels', 'transceiver_servers', 'ingest_servers', 'db_gateways'],
  },
} as const satisfies Record<string, { base: string; kinds: readonly string[] }>;
