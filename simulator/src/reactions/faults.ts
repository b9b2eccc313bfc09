/**
 * A scenario's faults and operations on a unit (contracts UnitFault, applied by the engine at
 * their simulated time): links, congestion, battery, camera, power, storage, and the same
 * operations a user's requests cause (stream, record, upgrade, speed test, selection, logs).
 */
import type { UnitFault } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import { accepted, refused, type Reaction } from '../reaction.js';

export function applyUnitFault(d: UnitDevice, f: UnitFault): Reaction {
  const link = 'modem' in f ? d.links.find((l) => l.port === f.modem) : undefined;
  if ('modem' in f && !link) return refused('NOT_FOUND');
  switch (f.type) {
    case 'modemFail':
      link?.setFailed(true);
      return accepted;
    case 'modemRecover':
      link?.setFailed(false);
      return accepted;
    case 'modemEnable':
      link?.setEnabled(f.enabled);
      return accepted;
    case 'modemSignal':
      link?.setSignalFactor(f.factor);
      return accepted;
    case 'modemRoaming':
      link?.setRoaming(f.roaming);
      return accepted;
    case 'modemSim':
      if (link?.profile.uiType !== 'cell') return refused('VALIDATION_FAILED');
      link.useSim(f.sim);
      return accepted;
    case 'bitrateDrop':
      d.setFaults({ bitrateScale: f.factor });
      return accepted;
    case 'bitrateRestore':
      d.setFaults({ bitrateScale: 1 });
      return accepted;
    case 'battery':
      d.setBattery(f.percentage, f.charging);
      return accepted;
    case 'batteryDrain':
      d.battery.drainTo(f.to, f.overMs);
      return accepted;
    case 'charging':
      d.battery.charging = f.charging;
      return accepted;
    case 'camera':
      d.setCamera(f.connected);
      return accepted;
    case 'power':
      if (d.online !== f.on) d.setPower(f.on);
      return accepted;
    case 'reboot':
      if (d.online) d.reboot();
      return accepted;
    case 'unresponsive':
      d.setFaults({ unresponsive: f.on });
      return accepted;
    case 'move':
      d.position.moveTo(f.lat, f.lng);
      return accepted;
    case 'moveAround':
      d.position.moveAround(f.northM, f.eastM);
      return accepted;
    case 'sdCard':
      return d.recording.setSdCard(f.present);
    case 'storageFill':
      d.storage.fill(f.percent);
      return accepted;
    case 'stream':
      return f.start ? d.stream.startStream(f.channelId ?? null) : d.stream.stopStreaming();
    case 'record':
      return f.start ? d.recording.startRecording() : d.recording.stopRecording();
    case 'forward':
      return f.start ? d.recording.startForwarding() : d.stopApp('forward');
    case 'uploadFailure':
      d.storage.setUploadFailure(f.mode);
      return accepted;
    case 'uploadStall':
      d.recording.stallUploads(f.on);
      return accepted;
    case 'upgrade':
      return d.upgrade.startUpgrade(f.target, f.supportedProducts);
    case 'upgradeOutcome':
      d.setFaults({ upgradeOutcome: f.code });
      return accepted;
    case 'speedTest':
      return f.start ? d.diagnostics.runSpeedTest() : d.diagnostics.cancelSpeedTest('TEST_CANCELLED');
    case 'selectChannel':
      return d.stream.selectChannel(f.channelId);
    case 'fetchLogs':
      return d.diagnostics.startFetchLogs(f.channelId);
    case 'app':
      return f.start ? d.startApp(f.app) : d.stopApp(f.app);
    case 'scanFailure':
      d.setFaults({ scanFailure: f.on });
      return accepted;
    case 'autonomy':
      d.autonomy.actOnItsOwn();
      return accepted;
  }
}
