/** A unit's device lifecycle beyond reboot (a command): shutting it down and removing its pairing. */
import type { UnitActionOutcome } from '@fleet/contracts';
import { isOfflineLike } from '@fleet/domain';
import { callsOf } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitDevices } from './unit-devices.js';
import type { ConfigStore } from './configuration-store.js';

/** Configuration keys of a pairing (the reads of settings/pairingCode use the code keys). */
const PAIRING_KEYS = ['pairing', 'pairingCode', 'pairingCodeExpiresAt'] as const;

export class UnitLifecycleService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly devices: Pick<UnitDevices, 'act' | 'load' | 'outcome' | 'requireOnline'>,
    private readonly configuration: Pick<ConfigStore, 'modify'>,
  ) {}

  /** POST shutdown: the device powers off; the unit is offline when this answers. */
  async shutdown(id: string): Promise<UnitActionOutcome> {
    this.devices.requireOnline(id);
    return this.devices.outcome(id, 'shutdown', await this.devices.act(id, 'shutdown', {}));
  }

  /** DELETE pairing: unpaired, pairing code revoked; a reachable device is told at once. */
  async removePairing(id: string): Promise<{ uniqueId: string; paired: false }> {
    await this.devices.load(id);
    if (!isOfflineLike(this.deps.index.statusOf(id))) await this.devices.act(id, 'unpair', {});
    await this.configuration.modify(id, (c) => {
      const next = { ...c };
      for (const k of PAIRING_KEYS) delete next[k];
      return next;
    });
    return { uniqueId: id, paired: false };
  }
}

/** The calls UnitActionService answers. */

export const unitLifecycleCalls = callsOf<UnitLifecycleService>()({
  shutdownUnit: (s, { params }) => s.shutdown(params.id),
  removeUnitPairing: (s, { params }) => s.removePairing(params.id),
});
