import { describe, expect, it } from 'vitest';
import type { UnitSummary } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  DEFAULT_MODIFIED,
  filtersForCounter,
  filterUnits,
  modifiedWindow,
  parseFilters,
  serializeFilters,
  unitMatcher,
  validateModified,
} from './filters';
import type { FilterContext, ModifiedFilter, UnitListFilters } from './filters';
import { countersOf } from './counters';

const NOW = new Date(2025, 5, 15, 12, 0, 0).getTime();
const HOUR = 3_600_000;

const units: UnitSummary[] = [
  makeUnit({ uniqueId: 'A', name: 'Alpha', status: 'idle', typeGroup: 'fieldUnits', transmissionMode: 'live', workingMode: 'video', alerts: [] }),
  makeUnit({
    uniqueId: 'B',
    name: 'Bravo',
    status: 'streaming',
    typeGroup: 'liteUnits',
    transmissionMode: 'storeAndForward',
    workingMode: 'video',
    applications: { video: { state: 'running' } },
    alerts: [{ type: 'battery', level: 'warning', message: 'low', raisedAt: new Date(NOW - 2 * HOUR).toISOString() }],
  }),
  makeUnit({
    uniqueId: 'C',
    name: 'Charlie',
    status: 'offline',
    typeGroup: 'fieldUnits',
    transmissionMode: 'live',
    workingMode: 'databridge',
    alerts: [
      { type: 'battery', level: 'warning', message: 'low', raisedAt: new Date(NOW - 50 * HOUR).toISOString() },
      { type: 'cameraDisconnected', level: 'critical', message: 'camera', raisedAt: new Date(NOW - 49 * HOUR).toISOString() },
    ],
  }),
  makeUnit({
    uniqueId: 'D',
    name: 'delta-9',
    status: 'storeandforward',
    typeGroup: 'ptpUnits',
    transmissionMode: 'multiHq',
    workingMode: 'video_smr',
    alerts: [],
  }),
];

/** Modified times: A 1 h ago, B 30 h ago, C 10 days ago, D unknown. */
const MODIFIED: Record<string, number | null> = { A: NOW - HOUR, B: NOW - 30 * HOUR, C: NOW - 240 * HOUR, D: null };
const context: FilterContext = { modifiedAt: (u) => MODIFIED[u.uniqueId] ?? null, now: NOW };

const ids = (filters: Partial<UnitListFilters>) => filterUnits(units, { ...DEFAULT_FILTERS, ...filters }, context).map((u) => u.uniqueId);
const modified = (m: Partial<ModifiedFilter>): ModifiedFilter => ({ ...DEFAULT_MODIFIED, ...m });
const day = (offsetDays: number) => {
  const d = new Date(NOW + offsetDays * 24 * HOUR);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('filterUnits', () => {
  it('returns the same array when nothing filters', () => {
    expect(filterUnits(units, DEFAULT_FILTERS, context)).toBe(units);
  });

  it.each<[string, Partial<UnitListFilters>, string[]]>([
    ['status idle', { statuses: ['idle'] }, ['A']],
    ['status streaming or offline', { statuses: ['streaming', 'offline'] }, ['B', 'C']],
    ['type field', { typeGroups: ['fieldUnits'] }, ['A', 'C']],
    ['type ptp or lite', { typeGroups: ['ptpUnits', 'liteUnits'] }, ['B', 'D']],
    ['transmission live', { modes: ['transmission:live'] }, ['A', 'C']],
    ['transmission live or multi-HQ', { modes: ['transmission:live', 'transmission:multiHq'] }, ['A', 'C', 'D']],
    ['working databridge', { modes: ['working:databridge'] }, ['C']],
    ['transmission live AND working video', { modes: ['transmission:live', 'working:video'] }, ['A']],
    ['playing', { playing: 'playing' }, ['B']],
    ['not playing', { playing: 'notPlaying' }, ['A', 'C', 'D']],
    ['any alert', { alerts: 'any' }, ['B', 'C']],
    ['no alert', { alerts: 'none' }, ['A', 'D']],
    ['critical', { alerts: 'critical' }, ['C']],
    ['warning only', { alerts: 'warning' }, ['B']],
    ['name text', { text: 'DELTA' }, ['D']],
    ['id text', { text: 'b' }, ['B']],
    ['last 24 hours', { modified: modified({ kind: 'last', amount: '24', unit: 'hours' }) }, ['A']],
    ['last 2 days', { modified: modified({ kind: 'last', amount: '2', unit: 'days' }) }, ['A', 'B']],
    ['range from 3 days ago', { modified: modified({ kind: 'range', from: day(-3) }) }, ['A', 'B']],
    ['range up to 2 days ago', { modified: modified({ kind: 'range', to: day(-2) }) }, ['C']],
    ['range today only', { modified: modified({ kind: 'range', from: day(0), to: day(0) }) }, ['A']],
    ['invalid last N does not filter', { modified: modified({ kind: 'last', amount: '0' }) }, ['A', 'B', 'C', 'D']],
    ['combined', { typeGroups: ['fieldUnits'], alerts: 'none' }, ['A']],
  ])('%s', (_name, filters, expected) => {
    expect(ids(filters)).toEqual(expected);
  });

  it('matches 10,000 units quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => units[i % 4]!);
    const match = unitMatcher({ ...DEFAULT_FILTERS, statuses: ['idle'], alerts: 'none' }, context);
    expect(many.filter(match)).toHaveLength(2_500);
  });
});

describe('validateModified', () => {
  it.each<[Partial<ModifiedFilter>, unknown[]]>([
    [{ kind: 'all', amount: 'x' }, []],
    [{ kind: 'last', amount: '12' }, []],
    [{ kind: 'last', amount: ' ' }, [{ field: 'amount', kind: 'required' }]],
    [{ kind: 'last', amount: '1.5' }, [{ field: 'amount', kind: 'integer' }]],
    [{ kind: 'last', amount: 'abc' }, [{ field: 'amount', kind: 'integer' }]],
    [{ kind: 'last', amount: '0' }, [{ field: 'amount', kind: 'min', limit: 1 }]],
    [{ kind: 'last', amount: '-3' }, [{ field: 'amount', kind: 'min', limit: 1 }]],
    [{ kind: 'last', amount: '8761', unit: 'hours' }, [{ field: 'amount', kind: 'max', limit: 8760 }]],
    [{ kind: 'last', amount: '3650', unit: 'days' }, []],
    [{ kind: 'range', from: '2025-06-10', to: '2025-06-01' }, [{ field: 'to', kind: 'rangeOrder' }]],
    [{ kind: 'range', from: '2025-06-01', to: '2025-06-01' }, []],
    [{ kind: 'range', from: '', to: '2025-06-01' }, []],
  ])('%j → %j', (m, errors) => {
    expect(validateModified(modified(m))).toEqual(errors);
  });

  it('has no window for "all", an empty range or an invalid form', () => {
    expect(modifiedWindow(modified({ kind: 'all' }), NOW)).toBeNull();
    expect(modifiedWindow(modified({ kind: 'range' }), NOW)).toBeNull();
    expect(modifiedWindow(modified({ kind: 'last', amount: 'x' }), NOW)).toBeNull();
    expect(modifiedWindow(modified({ kind: 'last', amount: '3', unit: 'hours' }), NOW)).toEqual({ from: NOW - 3 * HOUR, to: Number.POSITIVE_INFINITY });
  });
});

describe('parseFilters / serializeFilters', () => {
  it('round-trips', () => {
    const filters: UnitListFilters = {
      text: 'x',
      statuses: ['idle'],
      bucket: 'busy',
      typeGroups: ['ptpUnits'],
      modes: ['working:fetchlogs', 'transmission:live'],
      playing: 'notPlaying',
      alerts: 'critical',
      modified: { kind: 'range', amount: '5', unit: 'days', from: '2025-01-01', to: '2025-02-01' },
    };
    expect(parseFilters(JSON.parse(JSON.stringify(serializeFilters(filters))))).toEqual(filters);
  });

  it.each<[unknown]>([[null], [42], ['x'], [[]], [{ statuses: 'idle' }], [{ playing: 'sometimes', modified: [] }]])(
    'falls back to defaults for %j',
    (stored) => {
      expect(parseFilters(stored)).toEqual(DEFAULT_FILTERS);
    },
  );

  it('drops unknown values and duplicates', () => {
    const parsed = parseFilters({
      statuses: ['idle', 'nope', 'idle', 3],
      modes: ['transmission:warp', 'working:video'],
      modified: { kind: 'range', from: '1/2/2025', to: '2025-02-01' },
    });
    expect(parsed.statuses).toEqual(['idle']);
    expect(parsed.modes).toEqual(['working:video']);
    expect(parsed.modified.from).toBe('');
    expect(parsed.modified.to).toBe('2025-02-01');
  });

  it('counts active filters', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, text: '  ', statuses: ['idle'], alerts: 'any', modified: modified({ kind: 'last' }) })).toBe(3);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, bucket: 'busy' })).toBe(1);
  });
});

describe("the busy / idle / offline filter (the counter bar's grouping)", () => {
  const recording = makeUnit({ uniqueId: 'rec', status: 'storeandforward', applications: { store: { state: 'running' } } });
  const storeAndForward = makeUnit({
    uniqueId: 'snf',
    status: 'storeandforward',
    applications: { store: { state: 'running' }, forward: { state: 'running' } },
  });
  const multiCamera = makeUnit({ uniqueId: 'mc', status: 'idle', applications: { multiCamera: { state: 'running' } } });
  const idle = makeUnit({ uniqueId: 'idle', status: 'idle', applications: {} });
  const offline = makeUnit({ uniqueId: 'off', status: 'offline', applications: {} });
  const units = [recording, storeAndForward, multiCamera, idle, offline];
  const context = { modifiedAt: () => null, now: NOW };
  const ids = (bucket: UnitListFilters['bucket']) => filterUnits(units, { ...DEFAULT_FILTERS, bucket }, context).map((u) => u.uniqueId);

  it('keeps the units the counter of the same name counts', () => {
    expect(ids('busy')).toEqual(['snf', 'mc']);
    expect(ids('idle')).toEqual(['rec', 'idle']);
    expect(ids('offline')).toEqual(['off']);
    expect(ids('all')).toHaveLength(5);
    const bar = countersOf(units);
    expect([ids('busy').length, ids('idle').length, ids('offline').length]).toEqual([bar.busy, bar.idle, bar.offline]);
  });
});

describe('filtersForCounter', () => {
  it.each<[Parameters<typeof filtersForCounter>[1], Partial<UnitListFilters> | null]>([
    // The busy / idle / offline counters filter the units they count (unitBucket), not a status list:
    // a status cannot tell a unit only recording (idle) from one storing and forwarding (busy).
    ['busy', { bucket: 'busy', statuses: [] }],
    ['idle', { bucket: 'idle', statuses: [] }],
    ['offline', { bucket: 'offline', statuses: [] }],
    ['field', { typeGroups: ['fieldUnits'] }],
    ['ptmp', { typeGroups: ['ptmpUnits'] }],
    ['activeAlerts', { alerts: 'any' }],
    ['camera', null],
  ])('%s', (counter, expected) => {
    const result = filtersForCounter(DEFAULT_FILTERS, counter);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatchObject(expected);
  });
});
