/**
 * Application configuration entries (spec 001 §2 /system_settings application_configuration).
 */
import type { EndpointDef } from './define.js';

export const applicationConfigurationEndpoints = {} as const satisfies Record<string, EndpointDef>;
