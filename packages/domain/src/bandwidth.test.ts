import { describe, expect, it } from 'vitest';
import { VALIDATION, type FieldProblem } from '@fleet/contracts';
import { validateBandwidthLimits, validateSmartUnitBandwidth, type BandwidthLimitsInput } from './bandwidth.js';

const order = VALIDATION.priorityLimitOrder;

describe('validateBandwidthLimits (spec 000 §5, 001 §5)', () => {
  it.each<[string, BandwidthLimitsInput, FieldProblem[]]>([
    ['nothing set', { unitBusy: false }, []],
    ['busy unit', { unitBusy: true, totalKbps: 5000 }, [{ path: '', message: VALIDATION.busyUnitCapping }]],
    ['busy unit hides other errors', { unitBusy: true, totalKbps: 1000, cellularKbps: 2000 }, [{ path: '', message: VALIDATION.busyUnitCapping }]],
    ['cellular below total', { unitBusy: false, totalKbps: 5000, cellularKbps: 4000 }, []],
    ['cellular equal to total', { unitBusy: false, totalKbps: 5000, cellularKbps: 5000 }, []],
    ['cellular above total', { unitBusy: false, totalKbps: 5000, cellularKbps: 5001 }, [{ path: 'cellularKbps', message: VALIDATION.cellularAboveTotal }]],
    ['cellular with no total cap (null)', { unitBusy: false, totalKbps: null, cellularKbps: 9000 }, []],
    ['cellular with total 0 (disabled)', { unitBusy: false, totalKbps: 0, cellularKbps: 9000 }, []],
    ['total only', { unitBusy: false, totalKbps: 8000 }, []],
    ['negative total', { unitBusy: false, totalKbps: -1 }, [{ path: 'totalKbps', message: VALIDATION.minValue(0) }]],
    ['NaN cellular', { unitBusy: false, cellularKbps: Number.NaN }, [{ path: 'cellularKbps', message: VALIDATION.number }]],
    [
      'priorities in order',
      {
        unitBusy: false,
        totalKbps: 8000,
        priorityLimits: [
          { priority: 1, kbps: 6000 },
          { priority: 2, kbps: 4000 },
          { priority: 3, kbps: 2000 },
        ],
      },
      [],
    ],
    [
      'priorities given unsorted',
      {
        unitBusy: false,
        totalKbps: 8000,
        priorityLimits: [
          { priority: 3, kbps: 2000 },
          { priority: 1, kbps: 6000 },
        ],
      },
      [],
    ],
    [
      'priorities without total cap',
      {
        unitBusy: false,
        priorityLimits: [
          { priority: 1, kbps: 60000 },
          { priority: 2, kbps: 4000 },
        ],
      },
      [],
    ],
    [
      'priority equal to total',
      { unitBusy: false, totalKbps: 8000, priorityLimits: [{ priority: 1, kbps: 8000 }] },
      [{ path: 'priorityLimits.0.kbps', message: order }],
    ],
    [
      'priority above total',
      { unitBusy: false, totalKbps: 8000, priorityLimits: [{ priority: 1, kbps: 9000 }] },
      [{ path: 'priorityLimits.0.kbps', message: order }],
    ],
    [
      'higher priority not above lower priority',
      {
        unitBusy: false,
        totalKbps: 8000,
        priorityLimits: [
          { priority: 1, kbps: 3000 },
          { priority: 2, kbps: 4000 },
        ],
      },
      [{ path: 'priorityLimits.0.kbps', message: order }],
    ],
    [
      'higher priority equal to lower priority',
      {
        unitBusy: false,
        totalKbps: 8000,
        priorityLimits: [
          { priority: 2, kbps: 3000 },
          { priority: 5, kbps: 3000 },
        ],
      },
      [{ path: 'priorityLimits.0.kbps', message: order }],
    ],
    ['priority limit 0', { unitBusy: false, priorityLimits: [{ priority: 1, kbps: 0 }] }, [{ path: 'priorityLimits.0.kbps', message: VALIDATION.minValue(1) }]],
    [
      'priority limit NaN',
      { unitBusy: false, priorityLimits: [{ priority: 1, kbps: Number.NaN }] },
      [{ path: 'priorityLimits.0.kbps', message: VALIDATION.number }],
    ],
    ['priority 0', { unitBusy: false, priorityLimits: [{ priority: 0, kbps: 100 }] }, [{ path: 'priorityLimits.0.priority', message: VALIDATION.minValue(1) }]],
    [
      'priority 10',
      { unitBusy: false, priorityLimits: [{ priority: 10, kbps: 100 }] },
      [{ path: 'priorityLimits.0.priority', message: VALIDATION.maxValue(9) }],
    ],
    ['priority 1.5', { unitBusy: false, priorityLimits: [{ priority: 1.5, kbps: 100 }] }, [{ path: 'priorityLimits.0.priority', message: VALIDATION.integer }]],
    [
      'priority NaN',
      { unitBusy: false, priorityLimits: [{ priority: Number.NaN, kbps: 100 }] },
      [{ path: 'priorityLimits.0.priority', message: VALIDATION.number }],
    ],
    [
      'duplicate priority',
      {
        unitBusy: false,
        priorityLimits: [
          { priority: 2, kbps: 100 },
          { priority: 2, kbps: 50 },
        ],
      },
      [{ path: 'priorityLimits.1.priority', message: VALIDATION.fieldUnique }],
    ],
    [
      'several errors at once',
      { unitBusy: false, totalKbps: 4000, cellularKbps: 5000, priorityLimits: [{ priority: 1, kbps: 4500 }] },
      [
        { path: 'cellularKbps', message: VALIDATION.cellularAboveTotal },
        { path: 'priorityLimits.0.kbps', message: order },
      ],
    ],
  ])('%s', (_label, input, expected) => {
    expect(validateBandwidthLimits(input)).toEqual(expected);
  });
});

describe('validateSmartUnitBandwidth (spec 000 §9: default 0, 1000..20000)', () => {
  it.each<[number, string | null]>([
    [0, null],
    [1000, null],
    [5000, null],
    [20000, null],
    [999, VALIDATION.minValue(1000)],
    [1, VALIDATION.minValue(1000)],
    [-1, VALIDATION.minValue(1000)],
    [20001, VALIDATION.maxValue(20000)],
    [1500.5, VALIDATION.integer],
    [Number.NaN, VALIDATION.number],
  ])('%s → %s', (kbps, expected) => {
    expect(validateSmartUnitBandwidth(kbps)).toBe(expected);
  });
});
