/**
 * Organisations and their inventories (spec 001 §2 /system_settings organization, organization_inventory; §3 Organisation: name, external UID, default role, max users).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class OrganisationService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const organisationCalls = callsOf<OrganisationService>()({});
