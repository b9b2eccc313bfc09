/**
 * Device reactions to configuration changes (spec 000 §7 unit updates). The core validated the
 * change; the device applies it: every setting is kept in `device.settings` (key `setting.<name>`),
 * and the settings that change what the device does act on it:
 * - operationalMode: the mode change runs as the changeAvicMode activity for a few seconds
 *   (spec 000 §4 "Operational mode changes take a few seconds"); refused while the unit is busy;
 * - ipPipe: enabling connects the IP pipe (l2ControlPipe connecting → running = connected),
 *   disabling takes it down (disconnecting → gone) (spec 000 §4 IP pipe states);
 * - interfaces: enabled / disabled as link configuration does (the last connected interface stays);
 * - transmissionMode: Store & Forward needs the SD card the device has.
 */
import { canDisableInterface, isBusy } from '@fleet/domain';
import type { UnitDevice } from '../device.js';
import { settingApplyMs } from './commands.js';
import { accepted, refused, type Reaction } from './result.js';

const settingKey = (setting: string): string => `setting.${setting}`;

function record(v: unknown): Record<string, unknown> {
  // A non-array object: string keys, values unknown.
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function reactToConfiguration(device: UnitDevice, setting: string, payload: unknown): Reaction {
  const p = record(payload);
  switch (setting) {
    case 'operationalMode':
      return applyOperationalMode(device, p);
    case 'ipPipe':
      return applyIpPipe(device, p);
    case 'interfaces': {
      const r = applyInterface(device, p);
      if (!r.ok) return r;
      break;
    }
    case 'transmissionMode':
      if (p.transmissionMode === 'storeAndForward' && device.spec.capabilities.sdCard !== true) return refused('VALIDATION_FAILED');
      break;
  }
  device.settings.set(settingKey(setting), payload);
  return accepted;
}

function applyOperationalMode(d: UnitDevice, p: Record<string, unknown>): Reaction {
  if (isBusy(d.applications)) return refused('UNIT_BUSY');
  d.settings.set(settingKey('operationalMode'), p);
  d.applications = { ...d.applications, changeAvicMode: { state: 'running' } };
  d.reportState();
  d.schedule(settingApplyMs(d), () => {
    if (!d.online || !d.applications.changeAvicMode) return;
    const { changeAvicMode: _done, ...rest } = d.applications;
    d.applications = rest;
    d.reportState();
  });
  return accepted;
}

function applyIpPipe(d: UnitDevice, p: Record<string, unknown>): Reaction {
  d.settings.set(settingKey('ipPipe'), p);
  const cur = d.applications.l2ControlPipe;
  if (p.enabled === true) {
    if (cur && (cur.state === 'connecting' || cur.state === 'running')) return accepted;
    d.applications = { ...d.applications, l2ControlPipe: { state: 'connecting' } };
    d.reportState();
    d.schedule(settingApplyMs(d), () => {
      if (!d.online || d.applications.l2ControlPipe?.state !== 'connecting') return;
      d.applications = { ...d.applications, l2ControlPipe: { state: 'running' } };
      d.reportState();
    });
    return accepted;
  }
  if (!cur || cur.state === 'disconnecting') return accepted;
  d.applications = { ...d.applications, l2ControlPipe: { state: 'disconnecting' } };
  d.reportState();
  d.schedule(settingApplyMs(d), () => {
    if (!d.online || d.applications.l2ControlPipe?.state !== 'disconnecting') return;
    const { l2ControlPipe: _gone, ...rest } = d.applications;
    d.applications = rest;
    d.reportState();
  });
  return accepted;
}

function applyInterface(d: UnitDevice, p: Record<string, unknown>): Reaction {
  const link = d.links.find((l) => l.port === p.port);
  if (!link) return refused('INTERFACE_NOT_PRESENT');
  if (p.enabled === false && link.enabled) {
    const states = d.links.map((l) => ({ id: l.id, enabled: l.enabled, connected: l.present && l.connected }));
    if (!canDisableInterface(states, link.id)) return refused('LAST_INTERFACE');
    link.enabled = false;
  } else if (p.enabled === true && !link.enabled) {
    link.enabled = true;
  }
  return accepted;
}
