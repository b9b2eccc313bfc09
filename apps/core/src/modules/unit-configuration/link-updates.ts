/**
 * Unit updates of a unit's links and audio (spec 000 §7): bandwidth limits and network capping,
 * intercoms and audio jacks, interfaces, and the settings only the core keeps (alerts
 * configuration, settingsConfiguration add). How each goes: update-plan.ts.
 */
import {
  VALIDATION,
  type AlertsConfigurationUpdateBody,
  type AudioJacksUpdateBody,
  type BwLimitationUpdateBody,
  type InterfacesConfigUpdateBody,
  type IntercomUpdateBody,
  type NetworkCappingUpdateBody,
  type SettingsConfigurationAddBody,
  type UnitConfiguration,
  RULES,
} from '@fleet/contracts';
import {
  capOptionKbps,
  intercomServerMismatch,
  isBusy,
  validateBandwidthLimits,
  validateDisableInterface,
  validateNetworkCapping,
  validateSmartUnitLimits,
} from '@fleet/domain';
import { AppError } from '../../errors.js';
import { bodyProblem, bodyProblems } from '../../errors.js';
import { inventoriesOf } from '../units/unit-devices.js';
import { unitConfiguration } from '../../platform/storage/unit-columns.js';
import { anyObject } from '../../platform/storage/json-column.js';
import { callsOf } from '../../calls.js';
import { SettingUpdates, type Body } from './update-plan.js';
import * as repo from './repository.js';

export class UnitLinkUpdates extends SettingUpdates {
  // ── bandwidth ───────────────────────────────────────────────────────────────────────────────

  /**
   * PUT bwLimitation (spec 000 §5): cellular ≤ total, priority ordering, not on a busy unit; smart
   * units 1000–20000 kbps (0 or none = no limit).
   */
  updateBwLimitation(id: string, body: Body<typeof BwLimitationUpdateBody>): Promise<UnitConfiguration> {
    const bandwidth = { total: body.totalKbps, cellular: body.cellularKbps, priorityLimits: body.priorityLimits };
    return this.apply(id, 'bandwidth', body.version, {
      device: bandwidth,
      check: (unit) => {
        const problems = validateBandwidthLimits({
          totalKbps: body.totalKbps,
          cellularKbps: body.cellularKbps,
          priorityLimits: body.priorityLimits,
          unitBusy: isBusy(this.deps.index.applicationsOf(id)),
        });
        if (problems.length === 0 && unit.typeGroup === 'smartUnits') problems.push(...validateSmartUnitLimits(body.totalKbps, body.cellularKbps));
        if (problems.length > 0) throw bodyProblems(problems);
      },
      change: SettingUpdates.mergeKey('bandwidth', bandwidth),
    });
  }

  /**
   * PUT units/{id}/network/capping: the cellular cap as a cap option; not above the total cap,
   * not on a busy unit. Stored as the cellular cap in kbps (the cap option is derived from it).
   */
  updateNetworkCapping(id: string, body: Body<typeof NetworkCappingUpdateBody>): Promise<UnitConfiguration> {
    const cellular = capOptionKbps(body.option, body.customMbps);
    return this.apply(id, 'networkCapping', body.version, {
      device: { cellularKbps: cellular },
      check: (unit) => {
        const problems = validateNetworkCapping({
          option: body.option,
          customMbps: body.customMbps ?? null,
          totalKbps: unitConfiguration.read(unit.configuration).bandwidth?.total ?? null,
          unitBusy: isBusy(this.deps.index.applicationsOf(id)),
        });
        if (problems.length > 0) throw bodyProblems(problems);
      },
      change: SettingUpdates.mergeKey('bandwidth', { cellular }),
    });
  }

  // ── intercom and interfaces ─────────────────────────────────────────────────────────────────

  /**
   * PUT intercom: audio-room mode needs a room of the unit's inventories hosted on the server the
   * unit transmits to ("Intercom server missing or different from the audio room"); target-channel
   * mode a channel of the unit's inventories.
   */
  updateIntercom(id: string, body: Body<typeof IntercomUpdateBody>): Promise<UnitConfiguration> {
    const intercom = {
      mode: body.mode,
      audioRoomId: body.mode === 'audioRoom' ? (body.audioRoomId ?? null) : null,
      targetChannelId: body.mode === 'targetChannel' ? (body.targetChannelId ?? null) : null,
      destinationAccount: body.destinationAccount ?? null,
    };
    return this.apply(id, 'intercom', body.version, {
      device: { intercom: body.intercom, ...intercom },
      check: async (unit) => {
        this.devices.requireCapability(unit, 'intercom');
        if (body.mode === 'targetChannel' && body.targetChannelId) {
          await this.devices.requireChannel(unit, body.targetChannelId, 'targetChannelId');
          return;
        }
        if (!body.audioRoomId) return;
        const room = await repo.findAudioRoomServer(this.deps.db, body.audioRoomId, inventoriesOf(unit));
        if (!room) throw bodyProblem('audioRoomId', RULES.notOfUnit);
        if (intercomServerMismatch(room.serverId, await this.devices.serverOfChannel(unit.selectedChannelId))) throw new AppError('INTERCOM_SERVER_MISMATCH');
      },
      change: (c) => {
        const list = c.intercoms ?? [];
        const next = [0, 1].map((i) => list[i] ?? { mode: i === 0 ? ('audioRoom' as const) : ('targetChannel' as const), destinationAccount: null });
        next[body.intercom - 1] = { ...next[body.intercom - 1], ...intercom };
        return { configuration: { ...c, intercoms: next } };
      },
    });
  }

  updateIntercomAudioJacks(id: string, body: Body<typeof AudioJacksUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'audioJacks', body.version, {
      device: { jacks: body.jacks },
      check: (unit) => this.devices.requireCapability(unit, 'intercom'),
      change: (c) => {
        const current = (c.audioJacks ?? []).filter((j) => !body.jacks.some((b) => b.jack === j.jack));
        const jacks = [...current, ...body.jacks].sort((a, b) => a.jack - b.jack);
        return { configuration: { ...c, audioJacks: jacks } };
      },
    });
  }

  /**
   * PUT interfaces/config: one interface by port. Cellular settings only on a cellular modem,
   * addressing only on Ethernet / Wi-Fi; disabling the last connected interface is refused (spec
   * 000 §5). APN passwords go to the device and storage, never into an answer.
   */
  updateInterfacesConfig(id: string, body: Body<typeof InterfacesConfigUpdateBody>): Promise<UnitConfiguration> {
    const { port, version: _v, ...setting } = body;
    return this.apply(id, 'interfaces', body.version, {
      device: { port, ...setting },
      check: () => {
        const modems = this.deps.telemetry.get(id)?.modems ?? [];
        if (modems.length === 0) return; // not reported yet: the device decides
        const modem = modems.find((m) => m.port === port);
        if (!modem) throw bodyProblem('port', RULES.unknownModem);
        const cellularOnly = (['networkMode', 'roamingAllowed', 'apns', 'forceScanNow'] as const).filter((k) => body[k] !== undefined);
        const wiredOnly = (['ipMode', 'ip', 'subnetMask', 'gateway'] as const).filter((k) => body[k] !== undefined);
        const wrong = modem.uiType === 'cell' ? wiredOnly : cellularOnly;
        if (wrong.length > 0) throw bodyProblems(wrong.map((k) => ({ path: k, message: RULES.notOfModemKind })));
        if (body.enabled === false && validateDisableInterface(modems, modem.id) === VALIDATION.lastInterface) {
          throw new AppError('LAST_INTERFACE', [{ path: 'body.enabled', message: VALIDATION.lastInterface }]);
        }
      },
      change: (c) => {
        const interfaces = c.network?.interfaces ?? {};
        const key = String(port);
        return { configuration: { ...c, network: { ...c.network, interfaces: { ...interfaces, [key]: { ...interfaces[key], ...setting } } } } };
      },
    });
  }

  // ── core-only settings ──────────────────────────────────────────────────────────────────────

  /** PUT settingsConfiguration/add: output channel of the unit's inventories, multi channel. */
  addSettingsConfiguration(body: Body<typeof SettingsConfigurationAddBody>): Promise<UnitConfiguration> {
    return this.apply(body.id, 'settingsConfiguration', body.version, {
      check: async (unit) => {
        if (body.outputChannel) await this.devices.requireChannel(unit, body.outputChannel, 'outputChannel');
      },
      change: SettingUpdates.mergeKey('settings', { outputChannel: body.outputChannel, multiChannel: body.multiChannel, machineUid: body.id }),
    });
  }

  /**
   * PUT alerts/configuration: automatic (the unit's last group's configuration), group (a group of
   * the unit) or manual (the unit's own alert types and mailing list; recipients replaced when
   * given, an address already verified for that alert type stays verified). Kept by the core (it
   * sends the e-mails): nothing goes to the device.
   */
  updateAlertsConfiguration(id: string, body: Body<typeof AlertsConfigurationUpdateBody>): Promise<UnitConfiguration> {
    return this.applyAlerts(id, body);
  }

  private async applyAlerts(id: string, body: Body<typeof AlertsConfigurationUpdateBody>): Promise<UnitConfiguration> {
    const unit = await this.devices.load(id);
    this.devices.checkVersion(unit, body.version);
    if (body.mode === 'group') {
      if (!(await repo.unitInGroup(this.deps.db, id, body.groupId))) throw bodyProblem('groupId', RULES.notOfGroup);
    }
    return this.store.save(
      id,
      'alerts',
      body.version,
      (c) => ({ configuration: c, columns: { alertsConfigMode: body.mode } }),
      async (tx) => {
        const own = await repo.findUnitAlertConfiguration(tx, id);
        if (body.mode === 'automatic') return; // the unit's own configuration is kept for a later switch back
        const alerts = { ...anyObject.read(own?.alerts), ...(body.alerts ?? {}) };
        const data = {
          ...(body.mode === 'group' ? { sourceGroupId: body.groupId ?? null } : {}),
          ...(body.alerts ? { alerts } : {}),
        };
        const saved = own
          ? await repo.updateAlertConfiguration(tx, own.id, data)
          : await repo.createAlertConfiguration(tx, { scope: 'unit', unitId: id, alerts, ...data });
        if (body.mode !== 'manual' || body.recipients === undefined) return;
        const verified = new Set((own?.recipients ?? []).filter((r) => r.verified).map((r) => `${r.alertType}:${r.email.toLowerCase()}`));
        await repo.deleteAlertRecipients(tx, saved.id);
        if (body.recipients.length > 0) {
          await repo.createAlertRecipients(
            tx,
            body.recipients.map((r) => ({
              alertConfigurationId: saved.id,
              alertType: r.alertType,
              email: r.email,
              verified: verified.has(`${r.alertType}:${r.email.toLowerCase()}`),
            })),
          );
        }
      },
    );
  }
}

export const unitLinkUpdateCalls = callsOf<UnitLinkUpdates>()({
  updateUnitAlertsConfiguration: (s, { params, body }) => s.updateAlertsConfiguration(params.id, body),
  updateUnitBwLimitation: (s, { params, body }) => s.updateBwLimitation(params.id, body),
  updateUnitIntercom: (s, { params, body }) => s.updateIntercom(params.id, body),
  updateUnitIntercomAudioJacks: (s, { params, body }) => s.updateIntercomAudioJacks(params.id, body),
  updateUnitInterfacesConfig: (s, { params, body }) => s.updateInterfacesConfig(params.id, body),
  updateUnitNetworkCapping: (s, { params, body }) => s.updateNetworkCapping(params.id, body),
  addSettingsConfiguration: (s, { body }) => s.addSettingsConfiguration(body),
});
