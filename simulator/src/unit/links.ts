/**
 * A unit's links as the core configures them (spec 000 §5, §9): enabling and disabling an
 * interface (never the last connected one), joining and leaving a Wi-Fi network and the networks in
 * range, pinning a cellular operator, switching SIMs, and cellular scans (the modem off the air
 * meanwhile). A scan ends with the power (the modem back on the air) and fails on a reboot.
 */
import type { CellularOperator, SimSlot, WifiNetwork } from '@fleet/contracts';
import { canCellularScan, canDisableInterface, type ModemLink } from '@fleet/domain';
import { CELLULAR_OPERATORS, CELLULAR_TECHNOLOGIES, RADIO_SCAN, WIFI_NAMES, WIFI_SECURITIES } from '../models/constants.js';
import type { LinkModel } from '../models/link.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import { Rng } from '../rng.js';
import type { UnitHost } from './host.js';
import type { CommandBody } from './state.js';
import type { TimerScope } from './timers.js';

export class LinkControl {
  /** Links scanning for cellular operators (by link id). */
  private readonly scans = new Set<string>();

  constructor(
    private readonly host: UnitHost,
    /** Timers of the hardware (a link reconnecting goes on whether the unit runs or not). */
    private readonly hardware: TimerScope,
  ) {}

  /** The ids of the links scanning now. */
  scanning(): string[] {
    return [...this.scans];
  }

  get scanCount(): number {
    return this.scans.size;
  }

  /** The first link of a kind (the unit's Wi-Fi, ...). */
  linkOfKind(kind: 'wifi' | 'lan' | 'cell'): LinkModel | undefined {
    return this.host.links.find((l) => l.profile.uiType === kind);
  }

  /** The links as the domain rules see them: live = present, enabled and connected. */
  private linkStates(): ModemLink[] {
    return this.host.links.map((l) => ({ id: l.id, enabled: l.enabled, connected: l.present && l.connected }));
  }

  /** The link drops now and is back after `ms` (unless disabled or failed meanwhile). */
  private reconnectLater(link: LinkModel, ms: number): void {
    link.disconnect();
    this.hardware.after(ms, () => link.reconnect());
  }

  /** Disable a link; the last connected interface cannot be disabled (spec 000 §5). */
  disableLink(link: LinkModel): Reaction {
    if (!link.enabled) return accepted;
    if (!canDisableInterface(this.linkStates(), link.id)) return refused('LAST_INTERFACE');
    link.setEnabled(false);
    return accepted;
  }

  /** Enable a link: it reconnects after the toggle time. */
  enableLink(link: LinkModel): Reaction {
    if (link.enabled) return accepted;
    link.setEnabled(true);
    this.reconnectLater(link, this.host.draw(this.host.timings.linkToggleMs));
    return accepted;
  }

  /** Join a Wi-Fi network: the Wi-Fi link is enabled and reconnects after the toggle time. */
  joinWifi(wifi: LinkModel, ssid: string, security: CommandBody<'wifiConnect'>['security']): Reaction {
    this.host.settings.wifi = { ssid, security };
    wifi.setEnabled(true);
    this.reconnectLater(wifi, this.host.draw(this.host.timings.linkToggleMs));
    return accepted;
  }

  /** Leave the Wi-Fi network; not when Wi-Fi is the last connected interface. */
  leaveWifi(wifi: LinkModel): Reaction {
    if (!canDisableInterface(this.linkStates(), wifi.id)) return refused('LAST_INTERFACE');
    this.host.settings.wifi = { ssid: null, security: null };
    wifi.disconnect();
    return accepted;
  }

  /** The Wi-Fi networks in range (the same ones wherever the unit looks), the joined one connected. */
  wifiNetworks(wifi: LinkModel): WifiNetwork[] {
    const rng = Rng.fromKey(`${this.host.unitId}:wifi`);
    const joined = this.host.settings.wifi.ssid;
    const networks: WifiNetwork[] = WIFI_NAMES.filter(() => rng.chance(RADIO_SCAN.wifiVisibleShare)).map((ssid) => ({
      ssid,
      security: rng.pick(WIFI_SECURITIES),
      signalQuality: rng.int(...RADIO_SCAN.wifiSignal),
      connected: false,
    }));
    if (joined !== null && !networks.some((n) => n.ssid === joined)) {
      networks.push({ ssid: joined, security: 'wpa2', signalQuality: wifi.signalQuality() ?? RADIO_SCAN.joinedWifiSignal, connected: false });
    }
    return networks.map((n) => ({ ...n, connected: n.ssid === joined && wifi.carrying() }));
  }

  /** Pin an operator on a cellular modem: it re-registers (spec 000 §9: up to 30 seconds). */
  selectOperator(link: LinkModel, network: CommandBody<'cellularSelect'>['network']): Reaction {
    this.host.settings.cellular = { ...this.host.settings.cellular, [link.id]: network };
    if (link.enabled) this.reconnectLater(link, this.host.draw(this.host.timings.operatorSwitchMs));
    return accepted;
  }

  /** Switch a cellular modem to SIM A or B: it reconnects after the toggle time. */
  useSim(link: LinkModel, sim: SimSlot): Reaction {
    if (link.activeSim === sim) return accepted;
    link.useSim(sim);
    if (link.enabled) this.reconnectLater(link, this.host.draw(this.host.timings.linkToggleMs));
    return accepted;
  }

  /**
   * Scan for cellular operators (spec 000 §9: 1 to 2 minutes, the modem off the air meanwhile):
   * LAN and Wi-Fi cannot scan; not with only one interface connected; a modem that is not on the
   * air fails at once ("Scan failed, please try again").
   */
  startCellularScan(link: LinkModel): Reaction {
    if (link.profile.uiType !== 'cell') return refused('SCAN_NOT_SUPPORTED');
    if (this.scans.has(link.id)) return accepted; // already scanning
    if (!canCellularScan(this.linkStates())) return refused('CELLULAR_SCAN_ONE_MODEM');
    if (!link.carrying()) return refused('SCAN_FAILED');
    this.scans.add(link.id);
    link.disconnect();
    this.host.schedule(this.host.draw(this.host.timings.networkScanMs), () => this.finishScan(link));
    return accepted;
  }

  private finishScan(link: LinkModel): void {
    if (!this.scans.delete(link.id)) return; // ended already (reboot)
    if (!link.enabled || link.failed || this.host.faults.scanFailure) {
      // Spec 000 §8 "Scan failed, please try again": the modem went away during the scan, or the
      // fault `scanFailure` is on.
      this.reportScanFailed(link.id);
      return;
    }
    link.reconnect();
    const rng = Rng.fromKey(`${this.host.unitId}:scan:${link.id}`);
    const operators: CellularOperator[] = CELLULAR_OPERATORS.filter(() => rng.chance(RADIO_SCAN.operatorVisibleShare)).map((o) => ({
      ...o,
      technology: rng.pick(CELLULAR_TECHNOLOGIES),
      signalQuality: rng.int(...RADIO_SCAN.operatorSignal),
    }));
    this.host.emitEvent({ type: 'cellularScan', unitId: this.host.unitId, modemId: link.id, state: 'completed', operators, error: null });
  }

  /**
   * Every scan ends now, its modem back on the air: on a reboot each is reported failed ("Scan
   * failed, please try again"); at a power-off nothing is reported (the unit is gone).
   */
  endScans(reportFailed: boolean): void {
    for (const id of this.scans) {
      this.host.links.find((l) => l.id === id)?.reconnect();
      if (reportFailed) this.reportScanFailed(id);
    }
    this.scans.clear();
  }

  private reportScanFailed(modemId: string): void {
    this.host.emitEvent({ type: 'cellularScan', unitId: this.host.unitId, modemId, state: 'failed', operators: [], error: 'SCAN_FAILED' });
  }
}
