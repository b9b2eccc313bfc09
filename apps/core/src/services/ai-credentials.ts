/**
 * AI credentials (spec 001 §2 /system_settings ai_settings; §6 Read Only users cannot use AI).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class AiCredentialService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const aiCredentialCalls = callsOf<AiCredentialService>()({});
