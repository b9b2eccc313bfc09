/**
 * Application configuration entries (spec 001 §2 /system_settings application_configuration).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ApplicationConfigurationService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const applicationConfigurationCalls = callsOf<ApplicationConfigurationService>()({});
