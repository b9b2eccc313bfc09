/**
 * Stream providers and their stream profiles (spec 001 §2 /system_settings stream_providers, stream_profile; §5 only one main stream profile per provider).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class StreamProviderService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const streamProviderCalls = callsOf<StreamProviderService>()({});
