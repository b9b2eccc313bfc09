import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../test-utils/fixtures';
import { countersOf } from './counters';

describe('counter bar over the listed units', () => {
  it('counts status buckets, type groups, cameras and units with alerts', () => {
    const alert = { type: 'battery', level: 'warning', message: 'low', raisedAt: '2025-01-01T00:00:00Z' } as const;
    const counters = countersOf([
      makeUnit({ uniqueId: 'a', status: 'idle', typeGroup: 'fieldUnits', cameraConnected: true }),
      makeUnit({ uniqueId: 'b', status: 'streaming', applications: { video: { state: 'running' } }, typeGroup: 'smartUnits', alerts: [alert, alert] }),
      makeUnit({ uniqueId: 'c', status: 'offline', typeGroup: 'ptpUnits', cameraConnected: true }),
      makeUnit({ uniqueId: 'd', status: 'idle', typeGroup: 'liteUnits', cameraConnected: false }),
    ]);
    expect(counters).toEqual({ busy: 1, idle: 2, offline: 1, field: 1, camera: 2, lite: 1, smart: 1, ptmp: 0, ptp: 1, activeAlerts: 1 });
  });
});
