import { describe, expect, it } from 'vitest';
import { SERVICES } from '@fleet/contracts';
import { addableServices, isEnabled, isServiceName, sortedServices } from './services';

describe('services', () => {
  it('counts a service as enabled when its status is ENABLED (any case)', () => {
    expect(isEnabled({ serviceStatus: 'ENABLED' })).toBe(true);
    expect(isEnabled({ serviceStatus: 'enabled' })).toBe(true);
    expect(isEnabled({ serviceStatus: 'DISABLED' })).toBe(false);
    expect(isEnabled({ serviceStatus: 'expired' })).toBe(false);
  });

  it('offers the SERVICES the unit has not enabled', () => {
    const offered = addableServices([
      { serviceName: 'video', serviceStatus: 'ENABLED' },
      { serviceName: 'hevc', serviceStatus: 'disabled' },
    ]);
    expect(offered).not.toContain('video');
    expect(offered).toContain('hevc');
    expect(offered).toHaveLength(SERVICES.length - 1);
    expect(addableServices(SERVICES.map((serviceName) => ({ serviceName, serviceStatus: 'ENABLED' })))).toEqual([]);
  });

  it('sorts by name and recognises service names', () => {
    expect(sortedServices([{ serviceName: 'video' }, { serviceName: 'bonding' }]).map((s) => s.serviceName)).toEqual(['bonding', 'video']);
    expect(isServiceName('sla')).toBe(true);
    expect(isServiceName('nope')).toBe(false);
  });
});
