/**
 * A fault injected into a server (the control plane's faults, scenario steps, a video return
 * configuration's input): power, busy, CPU and storage load, how an upgrade ends, a channel's licence
 * or status, a video return input, the output licence, a multipoint receiver lost, certificate
 * deletions failing, interface hardware unplugged.
 */
import type { ServerFault } from '@fleet/contracts';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { ServerDevice } from '../server-device.js';

export function applyServerFault(s: ServerDevice, f: ServerFault): Reaction {
  switch (f.type) {
    case 'serverPower':
      s.setPower(f.on);
      return accepted;
    case 'serverBusy':
      s.busy = f.busy;
      s.reportServer();
      return accepted;
    case 'serverCpu':
      s.cpuOverride = f.percent;
      s.cpu = f.percent;
      if (s.owner) {
        s.evaluateAlerts();
        s.reportServer();
      }
      return accepted;
    case 'serverStorage':
      s.storage = f.percent;
      if (s.owner) {
        s.evaluateAlerts();
        s.reportServer();
      }
      return accepted;
    case 'serverUpgrade':
      return s.startUpgrade(f.target);
    case 'serverUpgradeOutcome':
      s.upgradeOutcome = f.code;
      return accepted;
    case 'channelLicense': {
      const c = s.channels.get(f.channelId);
      if (!c) return refused('NOT_FOUND');
      c.licensed = f.licensed;
      s.reportChannel(c);
      return accepted;
    }
    case 'channelStatus': {
      const c = s.channels.get(f.channelId);
      if (!c) return refused('NOT_FOUND');
      c.forced = f.status === 'idle' ? null : f.status;
      if (f.status !== 'collecting') s.takeBack(c);
      s.setChannelStatus(c, s.online ? f.status : 'offline');
      return accepted;
    }
    case 'vrInput': {
      const v = s.vrChannels.get(f.vrChannelId);
      if (!v) return refused('NOT_FOUND');
      v.inputConnected = f.connected;
      if (!f.connected) v.collectingFor = null;
      s.setVrStatus(v);
      return accepted;
    }
    case 'outputLicence':
      s.outputLicenceOverride = f.outputs;
      return accepted;
    case 'ptmpReceiver': {
      const c = s.channels.get(f.channelId);
      if (!c?.ptmp?.setLost(f.uid, f.lost)) return refused('NOT_FOUND');
      s.reportChannel(c);
      return accepted;
    }
    case 'certificateDeletion':
      s.certificateDeletionFails = f.fails;
      return accepted;
    case 'interfaceHw':
      s.unplugged[f.hw] = !f.connected;
      if (s.owner) s.reportServer();
      return accepted;
  }
}
