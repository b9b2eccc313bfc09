import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import {
  checkServerUpgradeEligibility,
  checkUnitUpgradeEligibility,
  compareVersions,
  formatVersion,
  InvalidVersionError,
  isAtLeast,
  isSeries600Product,
  isVersionInSupportedRange,
  parseVersion,
  supportsSpeedTest,
  validateSpeedTestVersion,
  type ServerUpgradeInput,
  type SoftwareVersion,
  type UnitUpgradeInput,
  type UpgradeBlockRule,
  type UpgradeWarnRule,
} from './version.js';

describe('parseVersion', () => {
  it.each<[string | null | undefined, SoftwareVersion | null]>([
    ['7.5.1', { major: 7, minor: 5, patch: 1 }],
    ['10.1', { major: 10, minor: 1, patch: 0 }],
    ['8', { major: 8, minor: 0, patch: 0 }],
    ['3.5', { major: 3, minor: 5, patch: 0 }],
    ['8.0.2-b12', { major: 8, minor: 0, patch: 2 }],
    ['10.1 (build 5)', { major: 10, minor: 1, patch: 0 }],
    ['8.0.2b3', { major: 8, minor: 0, patch: 2 }],
    ['7.5.1.1234', { major: 7, minor: 5, patch: 1 }],
    ['  9.2.1  ', { major: 9, minor: 2, patch: 1 }],
    ['v8.5', { major: 8, minor: 5, patch: 0 }],
    ['V6.1.2', { major: 6, minor: 1, patch: 2 }],
    ['007.05.01', { major: 7, minor: 5, patch: 1 }],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['7.x', null],
    ['7.5.', null],
    ['.5', null],
    ['build 7.5', null],
    ['99999999999999999999.1', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (raw, expected) => {
    expect(parseVersion(raw)).toEqual(expected);
  });
});

describe('formatVersion', () => {
  it.each<[SoftwareVersion, string]>([
    [{ major: 10, minor: 1, patch: 0 }, '10.1.0'],
    [{ major: 7, minor: 5, patch: 1 }, '7.5.1'],
  ])('%j → %s', (v, expected) => {
    expect(formatVersion(v)).toBe(expected);
  });
});

describe('compareVersions / isAtLeast (major, minor, patch)', () => {
  it.each<[string, string, -1 | 0 | 1]>([
    ['7.5.1', '7.5.1', 0],
    ['7.5', '7.5.0', 0],
    ['8', '8.0.0', 0],
    ['8.0.2-b12', '8.0.2', 0],
    ['10.1 (build 5)', '10.1', 0],
    ['7.5.0', '7.5.1', -1],
    ['7.5.2', '7.5.1', 1],
    ['7.4.9', '7.5.0', -1],
    ['7.10', '7.9', 1],
    ['10.0', '9.9.9', 1],
    ['9.9.9', '10.0', -1],
    ['3.5', '10.1', -1],
    ['6.2.1', '6.2', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(-expected === 0 ? 0 : -expected);
    expect(isAtLeast(a, b)).toBe(expected >= 0);
  });

  it('accepts parsed versions', () => {
    expect(compareVersions({ major: 8, minor: 0, patch: 0 }, '8.0.1')).toBe(-1);
  });

  it.each<[string, string]>([
    ['abc', '7.5'],
    ['7.5', ''],
    ['7.x', '7.x'],
  ])('throws InvalidVersionError for %j vs %j', (a, b) => {
    expect(() => compareVersions(a, b)).toThrow(InvalidVersionError);
    expect(() => isAtLeast(a, b)).toThrow(InvalidVersionError);
  });

  it('carries the offending input and a typed code', () => {
    try {
      compareVersions('nope', '1.0');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidVersionError);
      expect((error as InvalidVersionError).input).toBe('nope');
      expect((error as InvalidVersionError).code).toBe('INVALID_VERSION');
    }
  });
});

describe('isVersionInSupportedRange (3.5 to 10.1)', () => {
  it.each<[string, boolean]>([
    ['3.4.9', false],
    ['3.5', true],
    ['7.5.1', true],
    ['10.1', true],
    ['10.1.7', true],
    ['10.2', false],
    ['11.0', false],
    ['garbage', false],
  ])('%s → %s', (v, expected) => {
    expect(isVersionInSupportedRange(v)).toBe(expected);
  });
});

describe('supportsSpeedTest / validateSpeedTestVersion (>= 7.5.1)', () => {
  it.each<[string | null | undefined, boolean]>([
    ['7.5.1', true],
    ['7.5.2', true],
    ['7.6', true],
    ['8.0.2-b12', true],
    ['10.1', true],
    ['7.5.0', false],
    ['7.5', false],
    ['7.4.9', false],
    ['6.9', false],
    ['', false],
    ['bogus', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (v, expected) => {
    expect(supportsSpeedTest(v)).toBe(expected);
    expect(validateSpeedTestVersion(v)).toBe(expected ? null : VALIDATION.speedTestVersion);
  });
});

describe('isSeries600Product', () => {
  it.each<[string, boolean]>([
    ['LU600', true],
    ['lu610', true],
    ['LU-600 HEVC', true],
    ['LU800', false],
    ['LU6000', false],
    ['LU60', false],
    ['600', true],
  ])('%s → %s', (p, expected) => {
    expect(isSeries600Product(p)).toBe(expected);
  });
});

const unitBase: UnitUpgradeInput = { currentVersion: '9.0', targetVersion: '10.0', hasSla: true };

describe('checkUnitUpgradeEligibility (spec 001 §5)', () => {
  it.each<[string, Partial<UnitUpgradeInput>, UpgradeBlockRule[], string[], UpgradeWarnRule[]]>([
    ['eligible baseline', {}, [], [], []],
    ['invalid current version', { currentVersion: 'x' }, ['invalidVersion'], ['VALIDATION_FAILED'], []],
    [
      'invalid current and target',
      { currentVersion: 'x', targetVersion: '' },
      ['invalidVersion', 'invalidVersion'],
      ['VALIDATION_FAILED', 'VALIDATION_FAILED'],
      [],
    ],
    ['target above 10.1', { targetVersion: '10.2' }, ['targetOutOfRange'], ['UPGRADE_6802'], []],
    ['target below 3.5', { currentVersion: '5.2', targetVersion: '3.4' }, ['targetOutOfRange'], ['UPGRADE_6802'], []],
    ['target 10.1.3 is in range', { targetVersion: '10.1.3', serverVersion: '10.1.3' }, [], [], []],
    ['current 5.1 not upgradable', { currentVersion: '5.1' }, ['versionTooOld'], ['UPGRADE_6802'], []],
    ['current 5.1.4 not upgradable', { currentVersion: '5.1.4' }, ['versionTooOld'], ['UPGRADE_6802'], []],
    ['current 4.9 not upgradable', { currentVersion: '4.9' }, ['versionTooOld'], ['UPGRADE_6802'], []],
    ['current 5.2 upgradable', { currentVersion: '5.2' }, [], [], []],
    ['no SLA', { hasSla: false }, ['noSla'], ['UPGRADE_6802'], []],
    ['LU600 H.264', { productType: 'LU600', videoCodec: 'h264' }, ['lu600H264'], ['UPGRADE_6803'], []],
    ['LU600 HEVC is fine', { productType: 'LU600', videoCodec: 'hevc' }, [], [], []],
    ['LU600 codec unknown is fine', { productType: 'LU600' }, [], [], []],
    ['LU800 H.264 is fine', { productType: 'LU800', videoCodec: 'h264' }, [], [], []],
    ['product not supported by target', { productType: 'LU300', supportedProducts: ['LU800', 'LU600'] }, ['hardwareNotSupported'], ['UPGRADE_6810'], []],
    ['product supported (case-insensitive)', { productType: 'lu800', supportedProducts: ['LU800'] }, [], [], []],
    ['empty supported list = every model', { productType: 'LU300', supportedProducts: [] }, [], [], []],
    ['server below target', { serverVersion: '9.5' }, ['serverFirst'], ['UPGRADE_6802'], []],
    ['server equal to target', { serverVersion: '10.0' }, [], [], []],
    ['server above target', { serverVersion: '10.1' }, [], [], []],
    ['server version unknown (null)', { serverVersion: null }, [], [], []],
    ['server version unparsable', { serverVersion: '??' }, ['invalidVersion'], ['VALIDATION_FAILED'], []],
    ['9.2.1 warns of configuration reset', { currentVersion: '9.2.1' }, [], [], ['configurationReset']],
    ['9.2.1 build warns too', { currentVersion: '9.2.1-b7' }, [], [], ['configurationReset']],
    ['9.2.0 does not warn', { currentVersion: '9.2.0' }, [], [], []],
    ['channel below target warns', { channelVersion: '9.5' }, [], [], ['channelVersionBelowUnit']],
    ['channel equal to target', { channelVersion: '10.0' }, [], [], []],
    ['channel unparsable is ignored', { channelVersion: 'n/a' }, [], [], []],
    [
      'several blockers in documented order',
      {
        currentVersion: '5.0',
        targetVersion: '10.5',
        hasSla: false,
        productType: 'LU610',
        videoCodec: 'h264',
        supportedProducts: ['LU800'],
        serverVersion: '8.0',
      },
      ['targetOutOfRange', 'versionTooOld', 'noSla', 'lu600H264', 'hardwareNotSupported', 'serverFirst'],
      ['UPGRADE_6802', 'UPGRADE_6802', 'UPGRADE_6802', 'UPGRADE_6803', 'UPGRADE_6810', 'UPGRADE_6802'],
      [],
    ],
    [
      'blocked and warned at once',
      { currentVersion: '9.2.1', hasSla: false, channelVersion: '9.0' },
      ['noSla'],
      ['UPGRADE_6802'],
      ['configurationReset', 'channelVersionBelowUnit'],
    ],
  ])('%s', (_label, patch, rules, codes, warnings) => {
    const outcome = checkUnitUpgradeEligibility({ ...unitBase, ...patch });
    expect(outcome.reasons.map((r) => r.rule)).toEqual(rules);
    expect(outcome.reasons.map((r) => r.errorCode)).toEqual(codes);
    expect(outcome.warnings.map((w) => w.rule)).toEqual(warnings);
    expect(outcome.eligible).toBe(rules.length === 0);
    for (const item of [...outcome.reasons, ...outcome.warnings]) expect(item.message).not.toBe('');
  });
});

const serverBase: ServerUpgradeInput = { currentVersion: '9.0', targetVersion: '10.1', online: true, idle: true };

describe('checkServerUpgradeEligibility (spec 001 §5)', () => {
  it.each<[string, Partial<ServerUpgradeInput>, UpgradeBlockRule[], string[]]>([
    ['eligible baseline (9.x → 10.1)', {}, [], []],
    ['invalid target', { targetVersion: 'latest' }, ['invalidVersion'], ['VALIDATION_FAILED']],
    ['offline → 6199', { online: false }, ['serverOffline'], ['UPGRADE_6199']],
    ['offline and busy reports only offline', { online: false, idle: false }, ['serverOffline'], ['UPGRADE_6199']],
    ['busy → 6808', { idle: false }, ['serverBusy'], ['UPGRADE_6808']],
    ['8.5 → 10.1 needs 10.0 first', { currentVersion: '8.5' }, ['serverNeeds10_0'], ['UPGRADE_6802']],
    ['8.0 → 10.1.2 needs 10.0 first', { currentVersion: '8.0', targetVersion: '10.1.2' }, ['serverNeeds10_0'], ['UPGRADE_6802']],
    ['7.5 → 10.1 needs 10.0 first', { currentVersion: '7.5' }, ['serverNeeds10_0'], ['UPGRADE_6802']],
    ['8.5 → 10.0 allowed', { currentVersion: '8.5', targetVersion: '10.0' }, [], []],
    ['8.5 → 9.2 allowed', { currentVersion: '8.5', targetVersion: '9.2' }, [], []],
    ['10.0 → 10.1 allowed', { currentVersion: '10.0' }, [], []],
    ['5.1 not upgradable', { currentVersion: '5.1', targetVersion: '6.0' }, ['versionTooOld'], ['UPGRADE_6802']],
    ['target out of range', { targetVersion: '11.0' }, ['targetOutOfRange'], ['UPGRADE_6802']],
    ['hardware not supported', { productType: 'MMH-1', supportedProducts: ['MMH-2'] }, ['hardwareNotSupported'], ['UPGRADE_6810']],
    ['hardware supported', { productType: 'MMH-2', supportedProducts: ['MMH-2'] }, [], []],
    ['offline server on 8.x to 10.1', { currentVersion: '8.0', online: false }, ['serverOffline', 'serverNeeds10_0'], ['UPGRADE_6199', 'UPGRADE_6802']],
  ])('%s', (_label, patch, rules, codes) => {
    const outcome = checkServerUpgradeEligibility({ ...serverBase, ...patch });
    expect(outcome.reasons.map((r) => r.rule)).toEqual(rules);
    expect(outcome.reasons.map((r) => r.errorCode)).toEqual(codes);
    expect(outcome.warnings).toEqual([]);
    expect(outcome.eligible).toBe(rules.length === 0);
  });
});
