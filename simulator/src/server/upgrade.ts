/**
 * A server's upgrade (spec 001 §5 rules through packages/domain, §8 codes): refused at once when
 * the server is not eligible, otherwise its channels upgrade with it, progress is reported step by
 * step and the run ends in success (the server reboots into the new version) or a failure code (a
 * fault may choose which, `upgradeOutcome`).
 */
import { checkServerUpgradeEligibility } from '@fleet/domain';
import { SERVER_UPGRADE_FAILURE_CODES } from '../models/constants.js';
import { UpgradeRun, catalogueCode, reportRejected } from '../models/upgrade.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { ServerChannels } from './channels.js';
import type { ServerHost } from './host.js';

/** What the upgrade needs of the rest of its server, beyond the host. */
export interface UpgradingServer extends ServerHost {
  swVersion: string;
  upgrade: UpgradeRun | null;
  /** Fault: how the next/running upgrade ends (undefined: by chance). */
  upgradeOutcome: number | null | undefined;
  readonly busy: boolean;
  readonly channelParts: ServerChannels;
  setPower(on: boolean): void;
  reportServer(): void;
}

export function startServerUpgrade(server: UpgradingServer, target: string): Reaction {
  const channels = server.channelParts;
  const collecting = [...channels.channels.values()].some((c) => c.status === 'collecting');
  const check = checkServerUpgradeEligibility({
    currentVersion: server.swVersion,
    targetVersion: target,
    online: server.online,
    idle: !collecting && !server.busy && !server.upgrade,
    productType: server.spec.productType,
  });
  const report = (e: Parameters<ServerHost['reportEvent']>[0]) => server.reportEvent(e);
  const blocker = check.reasons[0];
  if (blocker) {
    const code = catalogueCode(blocker.errorCode);
    reportRejected(report, 'server', server.id, server.swVersion, target, code);
    return refused(blocker.errorCode, code ?? undefined);
  }
  const { timings, rng } = server;
  const outcome =
    server.upgradeOutcome !== undefined ? server.upgradeOutcome : rng.chance(timings.upgrade.failureRate) ? rng.pick(SERVER_UPGRADE_FAILURE_CODES) : null;
  const run = new UpgradeRun('server', server.id, server.swVersion, target, outcome, report);
  server.upgrade = run;
  run.start();
  channels.upgrading();
  server.reportServer();
  const step = () => {
    if (server.upgrade !== run) return;
    if (server.upgradeOutcome !== undefined) run.outcome = server.upgradeOutcome;
    const r = run.advance(100 / timings.upgrade.steps);
    if (r === null) return server.schedule(timings.upgrade.stepMs, step);
    server.upgrade = null;
    server.upgradeOutcome = undefined;
    if (r === 'done') {
      server.swVersion = target;
      // Reboot into the new version.
      server.setPower(false);
      server.schedule(rng.range(...timings.bootMs), () => server.setPower(true));
    } else {
      channels.settle();
      server.reportServer();
    }
  };
  server.schedule(timings.upgrade.stepMs, step);
  return accepted;
}
