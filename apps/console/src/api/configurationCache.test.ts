import { describe, expect, it } from 'vitest';
import type { EnhancedUnitInfo, UnitConfiguration } from '@fleet/contracts';
import { makeDetail, makeUnit } from '../test-utils/fixtures';
import {
  detailWithConfiguration,
  isNewerConfiguration,
  listWithConfiguration,
  sharedConfiguration,
  sharedEnhanced,
  withConfiguration,
} from './configurationCache';

/** Only the fields the patch reads; the rest of a configuration does not matter here. */
function config(fields: Partial<UnitConfiguration>): UnitConfiguration {
  // A partial configuration stands in for the whole one (the patch reads these fields only).
  return { version: 2, transmissionMode: 'live', workingMode: 'video', selectedChannelId: null, ...fields } as UnitConfiguration;
}

describe('configuration patches', () => {
  it("never lets an older configuration undo a newer one (the kit's version rule)", () => {
    expect(isNewerConfiguration(undefined, config({ version: 1 }))).toBe(true);
    expect(isNewerConfiguration(config({ version: 3 }), config({ version: 4 }))).toBe(true);
    // The same version: taken only when its content differs (nothing to do for an identical copy).
    expect(isNewerConfiguration(config({ version: 4 }), config({ version: 4 }))).toBe(false);
    expect(isNewerConfiguration(config({ version: 4 }), config({ version: 3 }))).toBe(false);
  });

  it('puts the newer configuration in the enhanced info and ignores an older one', () => {
    const info = { configuration: config({ version: 5 }) } as unknown as EnhancedUnitInfo;
    expect(withConfiguration(info, config({ version: 4 }))).toBe(info);
    expect(withConfiguration(info, config({ version: 6, transmissionMode: 'fixedInternet' }))?.configuration.transmissionMode).toBe('fixedInternet');
  });

  it('keeps a newer configuration when a read that left before the change lands after its event', () => {
    const cached = { batteryLevel: 80, configuration: config({ version: 7, transmissionMode: 'fixedInternet' }) } as unknown as EnhancedUnitInfo;
    const lateRead = { batteryLevel: 75, configuration: config({ version: 6 }) } as unknown as EnhancedUnitInfo;
    const taken = sharedEnhanced(cached, lateRead) as EnhancedUnitInfo & { batteryLevel: number };
    expect(taken.configuration).toBe(cached.configuration);
    expect(taken.batteryLevel).toBe(75);
    const fresher = { batteryLevel: 75, configuration: config({ version: 8 }) } as unknown as EnhancedUnitInfo;
    expect((sharedEnhanced(cached, fresher) as EnhancedUnitInfo).configuration.version).toBe(8);
    expect(sharedEnhanced(undefined, lateRead)).toEqual(lateRead);

    const configuration = config({ version: 7 });
    expect(sharedConfiguration(configuration, config({ version: 6 }))).toBe(configuration);
    expect(sharedConfiguration(configuration, config({ version: 7 }))).toBe(configuration);
    expect((sharedConfiguration(configuration, config({ version: 8 })) as UnitConfiguration).version).toBe(8);
  });

  it('carries the transmission mode, working mode and selected channel to the unit', () => {
    const unit = makeDetail();
    expect(detailWithConfiguration(unit, config({}))).toBe(unit);
    const patched = detailWithConfiguration(unit, config({ transmissionMode: 'storeAndForward', selectedChannelId: 'CH1' }));
    expect(patched?.transmissionMode).toBe('storeAndForward');
    expect(patched?.selectedChannel).toMatchObject({ channelId: 'CH1', external: false });
  });

  it('patches only the unit in the list', () => {
    const list = [makeUnit({ uniqueId: 'A' }), makeUnit({ uniqueId: 'B' })];
    expect(listWithConfiguration(list, 'C', config({ workingMode: 'databridge' }))).toBe(list);
    const next = listWithConfiguration(list, 'B', config({ workingMode: 'databridge' }));
    expect(next?.[0]).toBe(list[0]);
    expect(next?.[1]?.workingMode).toBe('databridge');
  });
});
