import { describe, expect, it } from 'vitest';
import type { GraphicsComposition, GraphicsJob, ManagedService, RealtimeEvent } from '@fleet/contracts';
import { latestJob, pendingJobIds, serviceNotice, staleGraphicsReads } from './graphicsState';

const job = (jobId: string, status: GraphicsJob['status']): GraphicsJob => ({
  jobId,
  appId: 'app',
  status,
  progress: status === 'done' ? 100 : 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const composition = (id: string, j: GraphicsJob | null): GraphicsComposition => ({
  id,
  inventoryId: 'inv',
  name: id,
  template: 't',
  templateName: 'T',
  appId: 'app',
  job: j,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('graphics state', () => {
  it('says why graphics are off, or how much trial is left', () => {
    const off = { trialHoursUsed: null, trialHoursLeft: null, trialEndsAt: null };
    expect(serviceNotice({ state: 'enabled', usable: true, ...off })).toEqual({ kind: 'none' });
    expect(serviceNotice({ state: 'notEnabled', usable: false, ...off })).toEqual({ kind: 'disabled', reason: 'notEnabled' });
    expect(serviceNotice({ state: 'trialExpired', usable: false, trialHoursUsed: 10, trialHoursLeft: 0, trialEndsAt: null })).toEqual({
      kind: 'disabled',
      reason: 'trialExpired',
    });
    expect(serviceNotice({ state: 'onTrial', usable: true, trialHoursUsed: 3, trialHoursLeft: 7, trialEndsAt: '2026-02-01T00:00:00.000Z' })).toEqual({
      kind: 'trial',
      hoursLeft: 7,
      endsAt: '2026-02-01T00:00:00.000Z',
    });
  });

  it('asks again only for jobs not done, and shows the freshest status', () => {
    const items = [composition('a', job('j1', 'rendering')), composition('b', job('j2', 'done')), composition('c', null)];
    expect(pendingJobIds(items)).toEqual(['j1']);
    expect(latestJob(items[0]!, [job('j1', 'done')])?.status).toBe('done');
    expect(latestJob(items[0]!, undefined)?.status).toBe('rendering');
    expect(latestJob(items[2]!, [])).toBeNull();
  });

  it('reads the compositions of the event’s inventory again after a graphics or graphics service change, nothing else', () => {
    const service = (serviceName: ManagedService['serviceName']) => ({ inventoryId: 'inv-b', serviceName }) as ManagedService;
    const cases: [RealtimeEvent, ReturnType<typeof staleGraphicsReads>][] = [
      [
        { type: 'graphics.changed', inventoryId: 'inv-a', compositionId: 'c', removed: false, at: 1 },
        { inventoryId: 'inv-a', reads: ['listMyGraphics', 'getGraphicsPermissions'] },
      ],
      [
        { type: 'graphics.changed', inventoryId: 'inv-a', compositionId: 'c', removed: true, at: 1 },
        { inventoryId: 'inv-a', reads: ['listMyGraphics', 'getGraphicsPermissions'] },
      ],
      [
        { type: 'managedService.changed', service: service('graphics'), at: 1 },
        { inventoryId: 'inv-b', reads: ['getGraphicsPermissions', 'listMyGraphics', 'listGraphicsTemplates'] },
      ],
      [{ type: 'managedService.changed', service: service('audio_ifb'), at: 1 }, null],
      [{ type: 'group.removed', groupId: 'g', at: 1 }, null],
    ];
    for (const [event, stale] of cases) expect(staleGraphicsReads(event)).toEqual(stale);
  });
});
