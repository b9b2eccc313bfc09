import { describe, expect, it } from 'vitest';
import { filtersFromParams, hasFilterParams, withFilterParams } from './filterAddress';
import { DEFAULT_FILTERS } from './filters';

describe('the unit list filters in the address', () => {
  it('reads the filters a link names, on the defaults, dropping unknown values', () => {
    const params = new URLSearchParams('unit=LU800-0002&q=crew&bucket=busy&status=streaming,nonsense&type=fieldUnits&playing=playing&alerts=critical');
    expect(hasFilterParams(params)).toBe(true);
    const saved = { ...DEFAULT_FILTERS, typeGroups: ['ptpUnits' as const], modified: { ...DEFAULT_FILTERS.modified, kind: 'last' as const } };
    expect(filtersFromParams(params, saved)).toEqual({
      ...DEFAULT_FILTERS,
      text: 'crew',
      bucket: 'busy',
      statuses: ['streaming'],
      typeGroups: ['fieldUnits'],
      playing: 'playing',
      alerts: 'critical',
      modified: saved.modified,
    });
    expect(hasFilterParams(new URLSearchParams('unit=LU800-0002&tab=camera'))).toBe(false);
  });

  it('writes only what differs from the default, keeping the other parameters', () => {
    const written = withFilterParams(new URLSearchParams('unit=LU800-0002&q=old&tab=camera'), {
      ...DEFAULT_FILTERS,
      bucket: 'offline',
      modes: ['working:video'],
    });
    expect(written.toString()).toBe('unit=LU800-0002&tab=camera&bucket=offline&mode=working%3Avideo');
    expect(withFilterParams(written, DEFAULT_FILTERS).toString()).toBe('unit=LU800-0002&tab=camera');
  });

  it('round-trips', () => {
    const filters = { ...DEFAULT_FILTERS, text: 'a b', bucket: 'idle' as const, statuses: ['idle' as const, 'online' as const], alerts: 'none' as const };
    expect(filtersFromParams(withFilterParams(new URLSearchParams(), filters), DEFAULT_FILTERS)).toEqual(filters);
  });
});
