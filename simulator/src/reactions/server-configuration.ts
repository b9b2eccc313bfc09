/**
 * How a receiving server answers its own configuration (spec 001 §7 Servers): a multimedia hub or
 * video return server configuration (an IFB mode change only while the server is idle, §8), a
 * certificate deletion (not while busy, §5; refused while the certificate-deletion fault is on, §8
 * "certificate deletion failed"), SMPTE network settings, IP pipe settings (the pipe
 * then connects and reports its §4 state), and a reset of its instance (offline, then back).
 */
import type { ServerCommand } from '@fleet/contracts';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { ServerDevice } from '../server-device.js';
import { record } from './payload.js';

type ConfigureServer = Extract<ServerCommand, { type: 'configureServer' }>;

export function reactToServerConfiguration(s: ServerDevice, command: ConfigureServer): Reaction {
  const payload = record(command.payload);
  switch (command.setting) {
    case 'configuration': {
      const ifbMode = typeof payload.ifbMode === 'string' ? payload.ifbMode : null;
      if (ifbMode !== null && ifbMode !== s.ifbMode) {
        if (!s.isIdle()) return refused('IFB_MODE_SERVER_NOT_IDLE');
        s.ifbMode = ifbMode;
      }
      return accepted;
    }
    case 'removeCertificate':
      if (!s.isIdle()) return refused('CERTIFICATE_DELETION_DEVICE_BUSY');
      return s.certificateDeletionFails ? refused('CERTIFICATE_DELETION_FAILED') : accepted;
    case 'ippipe':
      s.connectIpPipe(payload.enabled === true);
      return accepted;
    default:
      return accepted;
  }
}

export function reactToResetInstance(s: ServerDevice): Reaction {
  s.resetInstance();
  return accepted;
}
