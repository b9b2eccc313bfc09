import { describe, expect, it } from 'vitest';
import type { UpgradeBatch, UpgradeCandidate, UpgradeCandidatePage, UpgradeJob, UpgradeJobPage, UpgradeTargets } from '@fleet/contracts';
import {
  applyStatusToCandidates,
  applyUpgradeToBatch,
  applyUpgradeToCandidates,
  applyUpgradeToHistory,
  applyUpgradeToTargets,
  isNewerJob,
} from './upgradeCache';
import { statusChange } from './useUpgradesLive';

const job = (over: Partial<UpgradeJob> = {}): UpgradeJob => ({
  id: 'job-1',
  deviceType: 'server',
  deviceId: 'MMH-0003',
  deviceName: 'Hub 3',
  fromVersion: '10.0',
  targetVersion: '10.1',
  state: 'upgrading',
  progress: 40,
  failureCode: null,
  failureText: null,
  batchId: null,
  requestedById: 'u1',
  startedAt: '2026-11-23T01:00:00.000Z',
  finishedAt: null,
  createdAt: '2026-11-23T01:00:00.000Z',
  updatedAt: '2026-11-23T01:00:01.000Z',
  version: 2,
  ...over,
});

const candidate = (over: Partial<UpgradeCandidate> = {}): UpgradeCandidate => ({
  deviceType: 'server',
  id: 'MMH-0003',
  name: 'Hub 3',
  productType: 'MMH',
  kind: 'mmh_server',
  inventories: [{ id: 'inv-1', name: 'Global-News' }],
  currentVersion: '10.0',
  targetSwVersion: null,
  status: 'online',
  job: null,
  ...over,
});

const page = (items: UpgradeCandidate[]): UpgradeCandidatePage => ({ items, total: items.length, offset: 0, limit: 50 });

describe('upgrade.changed on the candidates', () => {
  it('gives the device its running job, its progress, then the new version when it succeeds', () => {
    const before = page([candidate(), candidate({ deviceType: 'unit', id: 'MMH-0003', name: 'same id, a unit' })]);
    const running = applyUpgradeToCandidates(before, { deviceType: 'server', deviceId: 'MMH-0003', job: job() });
    expect(running.items[0]?.job?.progress).toBe(40);
    expect(running.items[0]?.currentVersion).toBe('10.0');
    expect(running.items[1]).toBe(before.items[1]);
    const done = applyUpgradeToCandidates(running, { deviceType: 'server', deviceId: 'MMH-0003', job: job({ state: 'succeeded', progress: 100, version: 3 }) });
    expect(done.items[0]).toMatchObject({ currentVersion: '10.1', job: { state: 'succeeded' } });
  });

  it('ignores an older report of the same run, a repeat, and an older run', () => {
    const shown = page([candidate({ job: job({ version: 5 }) })]);
    expect(applyUpgradeToCandidates(shown, { deviceType: 'server', deviceId: 'MMH-0003', job: job({ version: 4, progress: 10 }) })).toBe(shown);
    expect(applyUpgradeToCandidates(shown, { deviceType: 'server', deviceId: 'MMH-0003', job: job({ version: 5 }) })).toBe(shown);
    const older = job({ id: 'job-0', createdAt: '2026-11-22T01:00:00.000Z', version: 9 });
    expect(isNewerJob(older, job())).toBe(false);
    expect(applyUpgradeToCandidates(shown, { deviceType: 'server', deviceId: 'MMH-0003', job: older })).toBe(shown);
    expect(isNewerJob(job({ id: 'job-2', createdAt: '2026-11-24T01:00:00.000Z', version: 0 }), job())).toBe(true);
  });
});

describe('upgrade.changed elsewhere', () => {
  it('updates the targets of the same device only', () => {
    const targets: UpgradeTargets = { deviceType: 'server', deviceId: 'MMH-0003', currentVersion: '10.0', job: null, targets: [] };
    expect(applyUpgradeToTargets(targets, { deviceType: 'server', deviceId: 'MMH-0004', job: job({ deviceId: 'MMH-0004' }) })).toBe(targets);
    expect(applyUpgradeToTargets(targets, { deviceType: 'server', deviceId: 'MMH-0003', job: job({ state: 'succeeded', version: 3 }) })).toMatchObject({
      currentVersion: '10.1',
    });
  });

  it('puts a new run on top of the device’s history and moves a known one on', () => {
    const history: UpgradeJobPage = { items: [job({ id: 'job-0', state: 'failed', createdAt: '2026-11-22T01:00:00.000Z' })], total: 1, offset: 0, limit: 50 };
    const device = { deviceType: 'server', deviceId: 'MMH-0003' };
    const added = applyUpgradeToHistory(history, device, { deviceType: 'server', deviceId: 'MMH-0003', job: job() });
    expect(added.items.map((j) => j.id)).toEqual(['job-1', 'job-0']);
    expect(added.total).toBe(2);
    const moved = applyUpgradeToHistory(added, device, { deviceType: 'server', deviceId: 'MMH-0003', job: job({ version: 3, progress: 90 }) });
    expect(moved.items[0]?.progress).toBe(90);
    expect(applyUpgradeToHistory(history, { deviceType: 'unit', deviceId: 'MMH-0003' }, { deviceType: 'server', deviceId: 'MMH-0003', job: job() })).toBe(
      history,
    );
  });

  it('updates a batch’s own job only', () => {
    const batch = { id: 'b1', jobs: [job({ batchId: 'b1' })] } as unknown as UpgradeBatch; // only the fields the patch reads
    expect(applyUpgradeToBatch(batch, { deviceType: 'server', deviceId: 'MMH-0003', job: job({ batchId: 'b2', version: 9 }) })).toBe(batch);
    const next = applyUpgradeToBatch(batch, {
      deviceType: 'server',
      deviceId: 'MMH-0003',
      job: job({ batchId: 'b1', state: 'failed', failureCode: 105, version: 3 }),
    });
    expect(next.jobs[0]).toMatchObject({ state: 'failed', failureCode: 105 });
  });
});

describe('device status on the candidates', () => {
  it('follows a server’s status and version, and leaves a unit of the same id alone', () => {
    const before = page([candidate(), candidate({ deviceType: 'unit', status: 'idle' })]);
    const offline = applyStatusToCandidates(before, 'server', 'MMH-0003', 'offline');
    expect(offline.items.map((c) => c.status)).toEqual(['offline', 'idle']);
    expect(applyStatusToCandidates(offline, 'server', 'MMH-0003', 'offline')).toBe(offline);
    expect(applyStatusToCandidates(offline, 'server', 'MMH-0003', 'online', '10.1').items[0]).toMatchObject({ status: 'online', currentVersion: '10.1' });
  });

  it('reads the status from the server and unit events, and nothing from others', () => {
    expect(statusChange({ type: 'server.status', serverId: 'S', status: 'busy', previous: 'online', at: 1 })).toEqual({
      deviceType: 'server',
      deviceId: 'S',
      status: 'busy',
    });
    expect(statusChange({ type: 'audioRoom.removed', audioRoomId: 'a', inventoryId: 'i', at: 1 })).toBeNull();
  });
});
