/**
 * Unit and licence activation, a grantable permission (spec 001 §6; /unit_license_activation; "license limit reached").
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class LicenceActivationService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const licenceActivationCalls = callsOf<LicenceActivationService>()({});
