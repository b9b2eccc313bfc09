/**
 * Device reactions to configuration changes (spec 000 §7 unit updates). The core validated the
 * change; the device applies it — every setting is kept in `settings.configuration` by name —
 * and the settings that change what the unit does act on it through its methods:
 * - operationalMode: the mode change runs as the changeAvicMode activity for a few seconds
 *   (spec 000 §4 "Operational mode changes take a few seconds"); refused while the unit is busy;
 * - ipPipe: enabling connects the IP pipe (l2ControlPipe connecting → running = connected),
 *   disabling takes it down (disconnecting → gone) (spec 000 §4 IP pipe states);
 * - interfaces: enabled / disabled as link configuration does (the last connected interface stays);
 * - transmissionMode: Store & Forward needs the SD card the device has;
 * - storeAndForwardQuality: the profile recordings use.
 */
import { StoreAndForwardProfile, UnitSetting } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import { record } from './payload.js';

export function reactToConfiguration(device: UnitDevice, setting: string, payload: unknown): Reaction {
  const name = UnitSetting.safeParse(setting);
  if (!name.success) return refused('VALIDATION_FAILED');
  const r = apply(device, name.data, record(payload));
  if (r.ok) device.applySettings({ configuration: { ...device.settings.configuration, [name.data]: payload } });
  return r;
}

function apply(d: UnitDevice, setting: UnitSetting, p: Record<string, unknown>): Reaction {
  switch (setting) {
    case 'operationalMode':
      return d.changeOperationalMode();
    case 'ipPipe':
      return p.enabled === true ? d.connectIpPipe(true) : d.disconnectIpPipe();
    case 'interfaces': {
      const link = d.links.find((l) => l.port === p.port);
      if (!link) return refused('INTERFACE_NOT_PRESENT');
      if (p.enabled === false) return d.linkControl.disableLink(link);
      if (p.enabled === true) return d.linkControl.enableLink(link);
      return accepted;
    }
    case 'transmissionMode':
      return p.transmissionMode === 'storeAndForward' && d.spec.capabilities.sdCard !== true ? refused('VALIDATION_FAILED') : accepted;
    case 'storeAndForwardQuality': {
      const quality = StoreAndForwardProfile.safeParse(p.quality);
      if (!quality.success) return refused('VALIDATION_FAILED');
      d.applySettings({ storeAndForwardQuality: quality.data });
      return accepted;
    }
    default:
      return accepted;
  }
}
