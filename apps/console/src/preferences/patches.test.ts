import { describe, expect, it } from 'vitest';
import { withFiltersOpen, withGridPref, withListFilters, withUnitExpanded } from './patches';

describe('preference patches', () => {
  it('replaces one grid and keeps the others', () => {
    const prefs = { gridPrefs: { files: { columnWidths: { name: 200 } }, units: { sortState: null } } };
    expect(withGridPref(prefs, 'units', { columnWidths: { name: 120 }, sortState: { column: 'name', direction: 'desc' } })).toEqual({
      gridPrefs: { files: { columnWidths: { name: 200 } }, units: { columnWidths: { name: 120 }, sortState: { column: 'name', direction: 'desc' } } },
    });
  });

  it('starts from nothing', () => {
    expect(withGridPref({}, 'g', {})).toEqual({ gridPrefs: { g: {} } });
    expect(withListFilters({}, 'devices', { status: ['idle'] })).toEqual({ filters: { devices: { status: ['idle'] } } });
    expect(withFiltersOpen({}, 'devices', true)).toEqual({ filtersOpen: { devices: true } });
  });

  it('keeps the filters of the other lists', () => {
    expect(withListFilters({ filters: { files: { date: 'all' } } }, 'devices', {})).toEqual({ filters: { files: { date: 'all' }, devices: {} } });
    expect(withFiltersOpen({ filtersOpen: { files: false } }, 'devices', true)).toEqual({ filtersOpen: { files: false, devices: true } });
  });

  it('keeps only expanded units', () => {
    const prefs = { unitListExpanded: { a: true, b: true } };
    expect(withUnitExpanded(prefs, 'c', true)).toEqual({ unitListExpanded: { a: true, b: true, c: true } });
    expect(withUnitExpanded(prefs, 'a', false)).toEqual({ unitListExpanded: { b: true } });
    expect(prefs).toEqual({ unitListExpanded: { a: true, b: true } });
  });
});
