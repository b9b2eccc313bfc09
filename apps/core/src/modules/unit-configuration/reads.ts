/**
 * Reads of a unit's configuration (spec 000 §7 unit reads): the configuration every update answers
 * (configurationV2, enhanced unit info), bandwidth limitations, the selected databridge gateway,
 * the pairing code, a modem's settings, and the settings configuration of a machine.
 */
import {
  BANDWIDTH_CAP_OPTIONS,
  LIMITS,
  NETWORK_MODES,
  TIMINGS,
  type BandwidthLimitation,
  type DbGatewayInfo,
  type EnhancedUnitInfo,
  type ModemConfig,
  type PairingCodeInfo,
  type SelectedDbGateway,
  type SettingsConfiguration,
  type UnitConfiguration,
} from '@fleet/contracts';
import { isBusy } from '@fleet/domain';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import { anyObject } from '../../platform/storage/json-column.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from '../units/units.js';
import type { ConfigStore } from '../units/configuration-store.js';
import { callsOf } from '../../calls.js';
import { findDbGateway } from '../units/repository.js';

export class UnitConfigurationReads {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'assertVisible' | 'findVisible' | 'toDetail'>,
    private readonly configuration: Pick<ConfigStore, 'configurationOf'>,
  ) {
    // PostgreSQL compares case-sensitively unless asked; SQLite's LIKE already ignores ASCII case.
  }

  async enhanced(user: AuthUser, id: string): Promise<EnhancedUnitInfo> {
    const row = await this.units.findVisible(user, id);
    return {
      ...this.units.toDetail(row),
      configuration: await this.configuration.configurationOf(id),
      refreshIntervalMs: TIMINGS.enhancedUnitRefreshMs,
    };
  }

  async configurationV2(user: AuthUser, id: string): Promise<UnitConfiguration> {
    await this.units.assertVisible(user, id);
    return this.configuration.configurationOf(id);
  }

  async bandwidthLimitation(user: AuthUser, id: string, kind: 'total' | 'cellular'): Promise<BandwidthLimitation> {
    await this.units.assertVisible(user, id);
    const bandwidth = (await this.deps.readModel.unitRows.configurationOf(id)).bandwidth ?? {};
    // Older rows name the limits totalKbps / cellularKbps.
    const value = kbpsOf(kind === 'total' ? (bandwidth.total ?? bandwidth.totalKbps) : (bandwidth.cellular ?? bandwidth.cellularKbps));
    const limitKbps = value !== null && value > 0 ? value : null;
    const priorityLimits = kind === 'total' ? (bandwidth.priorityLimits ?? []).filter((p) => p.kbps >= 0) : [];
    return {
      uniqueId: id,
      kind,
      limitKbps,
      option: capOption(limitKbps),
      priorityLimits,
      configurable: !isBusy(this.deps.index.applicationsOf(id)),
    };
  }

  async selectedDbGateway(user: AuthUser, id: string): Promise<SelectedDbGateway> {
    await this.units.assertVisible(user, id);
    const extra = await this.deps.readModel.unitRows.requireExtras(id);
    return { uniqueId: id, gateway: await this.gatewayById(extra.databridgeGatewayId) };
  }

  async pairingCode(user: AuthUser, id: string): Promise<PairingCodeInfo> {
    await this.units.assertVisible(user, id);
    const c = await this.deps.readModel.unitRows.configurationOf(id);
    return {
      uniqueId: id,
      enabled: c.pairingCodeMode === true,
      code: c.pairingCode !== undefined && c.pairingCode !== null && c.pairingCode !== '' ? c.pairingCode : null,
      expiresAt: c.pairingCodeExpiresAt ?? null,
    };
  }

  /**
   * Modem n is the port of one of the unit's cellular links as its device reports them; any other
   * n (no such port, a Wi-Fi or LAN link, or a unit that has not reported yet) answers 404.
   * Stored settings are those PUT interfaces/config saved (configuration.network.interfaces["<n>"]);
   * what is not stored answers its default; the SIM in use and enabled are the device's.
   */
  async modemConfig(user: AuthUser, id: string, n: number): Promise<ModemConfig> {
    await this.units.assertVisible(user, id);
    const modem = this.deps.telemetry.get(id)?.modems.find((m) => m.port === n && m.uiType === 'cell');
    if (!modem) throw new AppError('NOT_FOUND');
    const stored = (await this.deps.readModel.unitRows.configurationOf(id)).network?.interfaces?.[String(n)] ?? {};
    const storedApns = stored.apns ?? [];
    const bySlot = storedApns.some((x) => x.slot !== undefined);
    return {
      uniqueId: id,
      port: modem.port,
      modemId: modem.id,
      name: modem.name,
      enabled: modem.enabled,
      activeSim: stored.activeSim ?? modem.activeSim,
      networkMode: stored.networkMode ?? NETWORK_MODES[0],
      roamingAllowed: stored.roamingAllowed ?? false,
      apns: Array.from({ length: LIMITS.apnSlots }, (_, i) => {
        // Entries name their slot; without slot numbers they are taken in order.
        const a = (bySlot ? storedApns.find((x) => x.slot === i + 1) : storedApns[i]) ?? {};
        return {
          slot: i + 1,
          apn: a.apn ?? '',
          username: a.username ?? '',
          authProtocol: a.authProtocol ?? 'none',
        };
      }),
    };
  }

  /** Settings configuration of one unit, stored in configuration.settings { outputChannel, multiChannel }. */
  async settingsConfiguration(user: AuthUser, machineUid: string): Promise<SettingsConfiguration> {
    await this.units.assertVisible(user, machineUid);
    const settings = (await this.deps.readModel.unitRows.configurationOf(machineUid)).settings ?? {};
    return {
      machineUid,
      outputChannel: settings.outputChannel !== undefined && settings.outputChannel !== null && settings.outputChannel !== '' ? settings.outputChannel : null,
      multiChannel: settings.multiChannel === true,
    };
  }

  private async gatewayById(id: string | null): Promise<DbGatewayInfo | null> {
    if (id === null) return null;
    const g = await findDbGateway(this.deps.db, id);
    return g ? gatewayInfo(g) : null;
  }
}

// ── pure helpers ───────────────────────────────────────────────────────────────────────────

/** A stored cap: a number of kbps, or an object carrying one ({ kbps } / { limitKbps }). */
function kbpsOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  const r = anyObject.read(v);
  const x = r.kbps ?? r.limitKbps;
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/** The cap as the console's option list shows it (spec 000 §9 bandwidth cap options, Mbps). */
function capOption(limitKbps: number | null): BandwidthLimitation['option'] {
  if (limitKbps === null) return 'disabled';
  const preset = BANDWIDTH_CAP_OPTIONS.find((o) => o !== 'disabled' && o !== 'custom' && Number(o) * 1000 === limitKbps);
  return preset ?? 'custom';
}

function gatewayInfo(g: { id: string; name: string; host: string; port: number | null; status: string; inventoryId: string | null }): DbGatewayInfo {
  return { id: g.id, name: g.name, host: g.host, port: g.port, status: g.status, inventoryId: g.inventoryId };
}

/** The calls UnitReadService answers. */

export const unitConfigurationReadCalls = callsOf<UnitConfigurationReads>()({
  getUnitEnhanced: (s, { params }, user) => s.enhanced(user, params.id),
  getUnitConfigurationV2: (s, { params }, user) => s.configurationV2(user, params.id),
  getUnitBwLimitationTotal: (s, { params }, user) => s.bandwidthLimitation(user, params.id, 'total'),
  getUnitBwLimitationCellular: (s, { params }, user) => s.bandwidthLimitation(user, params.id, 'cellular'),
  getUnitSelectedDbGateway: (s, { params }, user) => s.selectedDbGateway(user, params.id),
  getUnitPairingCode: (s, { params }, user) => s.pairingCode(user, params.id),
  getUnitModemConfig: (s, { params }, user) => s.modemConfig(user, params.id, params.n),
  fetchSettingsConfiguration: (s, { query }, user) => s.settingsConfiguration(user, query.machineUid),
});
