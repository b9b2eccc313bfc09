/**
 * Databridge gateways as platform records (spec 001 §2 /system_entities dbGateways; §3 databridge gateways).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class DatabridgeGatewayService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const databridgeGatewayCalls = callsOf<DatabridgeGatewayService>()({});
