/** System settings: the platform admins' settings, one service a kind. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { AiCredentialService, aiCredentialCalls } from './ai-credentials.js';
import { ApplicationConfigurationService, applicationConfigurationCalls } from './application-configuration.js';
import { ClientApplicationService, clientApplicationCalls } from './client-applications.js';
import { ClientConfigurationService, clientConfigurationCalls } from './client-configuration.js';
import { GeocodingProfileService, geocodingProfileCalls } from './geocoding-profiles.js';
import { ModemVendorService, modemVendorCalls } from './modem-vendors.js';
import { OrganisationService, organisationCalls } from './organisations.js';
import { StreamMediaProfileService, streamMediaProfileCalls } from './stream-media-profiles.js';
import { StreamProviderService, streamProviderCalls } from './stream-providers.js';
import { SystemMessageService, systemMessageCalls } from './system-messages.js';
import { WhatsNewService, whatsNewCalls } from './whats-new.js';

/** The system settings module's services. */
export function create(deps: ServiceDeps) {
  return {
    clientConfiguration: new ClientConfigurationService(deps),
    organisations: new OrganisationService(deps),
    clientApplications: new ClientApplicationService(deps),
    modemVendors: new ModemVendorService(deps),
    aiCredentials: new AiCredentialService(deps),
    applicationConfiguration: new ApplicationConfigurationService(deps),
    streamProviders: new StreamProviderService(deps),
    streamMediaProfiles: new StreamMediaProfileService(deps),
    geocodingProfiles: new GeocodingProfileService(deps),
    whatsNew: new WhatsNewService(deps),
    systemMessages: new SystemMessageService(deps),
  };
}

export type SystemSettingsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: SystemSettingsServices) => s.clientConfiguration, clientConfigurationCalls),
  bind((s: SystemSettingsServices) => s.organisations, organisationCalls),
  bind((s: SystemSettingsServices) => s.clientApplications, clientApplicationCalls),
  bind((s: SystemSettingsServices) => s.modemVendors, modemVendorCalls),
  bind((s: SystemSettingsServices) => s.aiCredentials, aiCredentialCalls),
  bind((s: SystemSettingsServices) => s.applicationConfiguration, applicationConfigurationCalls),
  bind((s: SystemSettingsServices) => s.streamProviders, streamProviderCalls),
  bind((s: SystemSettingsServices) => s.streamMediaProfiles, streamMediaProfileCalls),
  bind((s: SystemSettingsServices) => s.geocodingProfiles, geocodingProfileCalls),
  bind((s: SystemSettingsServices) => s.whatsNew, whatsNewCalls),
  bind((s: SystemSettingsServices) => s.systemMessages, systemMessageCalls),
] as const;
