import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import {
  capOptionKbps,
  featureLicenceProblem,
  unitFeatureLicences,
  intercomServerMismatch,
  isFilenamePrefixTaken,
  resolutionLicenceProblem,
  transmissionModeProblem,
  validateAudioChannels,
  validateNetworkCapping,
  validateSmartUnitLimits,
  workingModeProblem,
} from './unit-config.js';

const ALL = { multiCamera: true, videoReturn: true, databridge: true } as const;
const NONE = { multiCamera: false, videoReturn: false, databridge: false } as const;

describe('unitFeatureLicences (capability + ENABLED service)', () => {
  it.each([
    [{}, [], NONE],
    [{ multiCamera: true }, [], NONE],
    [{}, [{ serviceName: 'multi-camera', serviceStatus: 'enabled' }], NONE],
    [{ multiCamera: true }, [{ serviceName: 'multi-camera', serviceStatus: 'ENABLED' }], { ...NONE, multiCamera: true }],
    [{ multiCamera: true }, [{ serviceName: 'multi-camera', serviceStatus: 'expired' }], NONE],
    [
      { videoReturn: true, databridge: true },
      [
        { serviceName: 'video-return', serviceStatus: 'enabled' },
        { serviceName: 'databridge', serviceStatus: 'enabled' },
      ],
      { ...NONE, videoReturn: true, databridge: true },
    ],
  ] as const)('%j + %j → %j', (caps, services, expected) => {
    expect(unitFeatureLicences(caps, services)).toEqual(expected);
  });
  it('names the spec error of a missing licence', () => {
    expect(featureLicenceProblem('multiCamera', NONE)).toBe('NO_MULTI_CAMERA_LICENSE');
    expect(featureLicenceProblem('videoReturn', NONE)).toBe('NO_VIDEO_RETURN_LICENSE');
    expect(featureLicenceProblem('databridge', NONE)).toBe('DATABRIDGE_LICENSE_DISABLED');
    expect(featureLicenceProblem('databridge', ALL)).toBeNull();
  });
});

describe('transmissionModeProblem (spec 000 §4)', () => {
  it.each([
    ['live', {}, NONE, null],
    ['fixedInternet', {}, NONE, null],
    ['storeAndForward', { sdCard: true }, NONE, null],
    ['storeAndForward', { sdCard: false }, ALL, { kind: 'field', message: VALIDATION.storeAndForwardNoSdCard }],
    ['storeAndForward', {}, ALL, { kind: 'field', message: VALIDATION.storeAndForwardNoSdCard }],
    ['multiHq', {}, ALL, null],
    ['multiHq', {}, NONE, { kind: 'error', code: 'NO_MULTI_CAMERA_LICENSE' }],
    ['fieldSwitcher', {}, NONE, { kind: 'error', code: 'NO_MULTI_CAMERA_LICENSE' }],
    ['stationSwitcher', { sdCard: false }, ALL, null],
  ] as const)('%s with %j / %j → %j', (mode, caps, licences, expected) => {
    expect(transmissionModeProblem(mode, caps, licences)).toEqual(expected);
  });
});

describe('workingModeProblem', () => {
  it.each([
    ['video', NONE, null],
    ['fetchlogs', NONE, null],
    ['databridge', ALL, null],
    ['databridge', NONE, { kind: 'error', code: 'DATABRIDGE_LICENSE_DISABLED' }],
    ['databridge_smr', NONE, { kind: 'error', code: 'DATABRIDGE_LICENSE_DISABLED' }],
  ] as const)('%s with %j → %j', (mode, licences, expected) => {
    expect(workingModeProblem(mode, licences)).toEqual(expected);
  });
});

describe('resolutionLicenceProblem (spec 000 §8 PRO-4K)', () => {
  const pro4k = { valid: true, pro: true, fourK: true };
  it.each([
    [1080, null, null],
    [720, { valid: false, pro: false, fourK: false }, null],
    [2160, pro4k, null],
    [2160, { ...pro4k, fourK: false }, 'PRO_4K_LICENSE_MISSING'],
    [2160, { ...pro4k, pro: false }, 'PRO_4K_LICENSE_MISSING'],
    [2160, { ...pro4k, valid: false }, 'PRO_4K_LICENSE_MISSING'],
    [2160, null, 'PRO_4K_LICENSE_MISSING'],
  ] as const)('%i with %j → %s', (res, lic, expected) => {
    expect(resolutionLicenceProblem(res, lic)).toBe(expected);
  });
});

describe('capOptionKbps (spec 000 §9 cap options)', () => {
  it.each([
    ['disabled', undefined, null],
    ['3.6', undefined, 3600],
    ['8.0', undefined, 8000],
    ['custom', 2.5, 2500],
    ['custom', undefined, null],
    ['custom', 0, null],
  ] as const)('%s / %s → %s', (option, custom, expected) => {
    expect(capOptionKbps(option, custom)).toBe(expected);
  });
});

describe('validateNetworkCapping', () => {
  it.each([
    [{ option: 'disabled', totalKbps: 1000, unitBusy: false }, []],
    [{ option: '4.2', totalKbps: null, unitBusy: false }, []],
    [{ option: '4.2', totalKbps: 5000, unitBusy: false }, []],
    [{ option: '5.5', totalKbps: 5000, unitBusy: false }, [{ path: 'option', message: VALIDATION.cellularAboveTotal }]],
    [{ option: 'custom', customMbps: 6, totalKbps: 5000, unitBusy: false }, [{ path: 'customMbps', message: VALIDATION.cellularAboveTotal }]],
    [{ option: '3.6', totalKbps: null, unitBusy: true }, [{ path: '', message: VALIDATION.busyUnitCapping }]],
  ] as const)('%j → %j', (input, expected) => {
    expect(validateNetworkCapping(input)).toEqual(expected);
  });
});

describe('validateSmartUnitLimits (spec 000 §9 1000–20000 kbps, 0 = default)', () => {
  it.each([
    [null, null, []],
    [0, 0, []],
    [1000, 20000, []],
    [999, null, [{ path: 'totalKbps', message: 'Must be 1000 or more' }]],
    [null, 20001, [{ path: 'cellularKbps', message: 'Must be 20000 or less' }]],
  ] as const)('%s / %s → %j', (total, cellular, expected) => {
    expect(validateSmartUnitLimits(total, cellular)).toEqual(expected);
  });
});

describe('isFilenamePrefixTaken (spec 000 §5 unique on the same hub)', () => {
  it.each([
    ['news', ['sport', null], false],
    ['news', ['news'], true],
    ['News', ['news'], false],
    ['', [''], false],
    [null, [null], false],
    ['news', [], false],
  ] as const)('%s among %j → %s', (prefix, others, expected) => {
    expect(isFilenamePrefixTaken(prefix, others)).toBe(expected);
  });
});

describe('intercomServerMismatch (spec 000 §8)', () => {
  it.each([
    ['MMH-1', 'MMH-1', false],
    ['MMH-1', 'MMH-2', true],
    [null, 'MMH-1', true],
    ['MMH-1', null, true],
    [null, null, true],
  ] as const)('room %s / unit %s → %s', (room, unit, expected) => {
    expect(intercomServerMismatch(room, unit)).toBe(expected);
  });
});

describe('validateAudioChannels (spec 000 §9 channels 4 and above SDI only)', () => {
  it.each([
    ['hdmi', 2, null],
    ['analog', 3, null],
    ['sdi', 16, null],
    ['hdmi', 4, VALIDATION.audioChannelsSdiOnly],
    ['analog', 8, VALIDATION.audioChannelsSdiOnly],
  ] as const)('%s with %i → %s', (input, channels, expected) => {
    expect(validateAudioChannels(input, channels)).toBe(expected);
  });
});
