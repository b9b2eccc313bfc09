import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ERROR_CATALOGUE, UPGRADE_BLOCK_RULES, UPGRADE_FAILURE_TEXTS, UPGRADE_STATES, UPGRADE_WARN_RULES } from '@fleet/contracts';
import { loadChineseResources, loadEnglishResources } from '../../i18n/resources';

const englishResources = await loadEnglishResources();
import type { UpgradeJob, UpgradeTarget } from '@fleet/contracts';
import { failureCodeKind, failureCodeText, isRunningState, progressPercent, ruleText, startGate, UPGRADE_STATE_COLORS } from './upgradeFormat';

const en = i18next.createInstance();
await en.init({ lng: 'en', resources: { en: { translation: englishResources } } });
const zh = i18next.createInstance();
await zh.init({ lng: 'zh', fallbackLng: false, resources: { zh: { translation: await loadChineseResources() } } });

describe('upgrade failure codes', () => {
  it('shows 101–107 and −1 with the spec’s own texts in English', () => {
    for (const [code, text] of Object.entries(UPGRADE_FAILURE_TEXTS)) {
      expect(failureCodeKind(Number(code))).toBe('install');
      expect(failureCodeText(en.t, Number(code))).toBe(text);
    }
  });

  it('shows 6802, 6803, 6199, 6808 and 6810 with the error catalogue’s meaning', () => {
    for (const key of ['UPGRADE_6802', 'UPGRADE_6803', 'UPGRADE_6199', 'UPGRADE_6808', 'UPGRADE_6810'] as const) {
      const { code, message } = ERROR_CATALOGUE[key];
      expect(failureCodeKind(code)).toBe('refusal');
      expect(failureCodeText(en.t, code)).toBe(message);
    }
  });

  it('translates every code into Chinese, and names a code it does not know', () => {
    for (const code of [...Object.keys(UPGRADE_FAILURE_TEXTS).map(Number), 6802, 6808]) {
      const text = failureCodeText(zh.t, code);
      expect(text).not.toBe(failureCodeText(en.t, code));
      expect(text).not.toMatch(/^upgrades\.|^apiErrors\./);
    }
    expect(failureCodeKind(4242)).toBe('unknown');
    expect(failureCodeText(en.t, 4242)).toBe('Code 4242');
  });
});

describe('upgrade states', () => {
  it('has a colour for every state, and only pending and upgrading are running', () => {
    expect(Object.keys(UPGRADE_STATE_COLORS).sort()).toEqual([...UPGRADE_STATES].sort());
    expect(UPGRADE_STATES.filter((s) => isRunningState(s))).toEqual(['pending', 'upgrading']);
    expect(isRunningState(null)).toBe(false);
  });

  it('shows progress as a whole percentage within 0–100', () => {
    expect([progressPercent(42.6), progressPercent(-3), progressPercent(140), progressPercent(null), progressPercent(Number.NaN)]).toEqual([43, 0, 100, 0, 0]);
  });
});

describe('upgrade rules', () => {
  it('shows the core’s message in English and a translation of every rule in Chinese', () => {
    expect(ruleText(en.t, 'en', 'serverFirst', 'Upgrade the server first: server version 9.2.1 is below 10.1', (k) => en.exists(k))).toBe(
      'Upgrade the server first: server version 9.2.1 is below 10.1',
    );
    for (const rule of [...UPGRADE_BLOCK_RULES, ...UPGRADE_WARN_RULES]) {
      const text = ruleText(zh.t, 'zh', rule, 'English text', (k) => zh.exists(k));
      expect(text).not.toBe(`upgrades.rules.${rule}`);
      expect(text).not.toBe('English text');
    }
    // A rule the console does not know yet shows the core's message.
    expect(ruleText(zh.t, 'zh', 'someNewRule' as 'noSla', 'English text', (k) => zh.exists(k))).toBe('English text');
  });
});

describe('the start of an upgrade', () => {
  const target = (over: Partial<UpgradeTarget> = {}): UpgradeTarget => ({
    number: '10.1',
    description: '',
    releaseNotesUrl: null,
    eligible: true,
    reasons: [],
    warnings: [],
    ...over,
  });
  const job = (state: UpgradeJob['state']) => ({ state }) as UpgradeJob; // only the state is read

  it('is offered for an eligible target, not for an ineligible one or none', () => {
    expect(startGate(target(), null, false)).toEqual({ needsResetConfirmation: false, canStart: true });
    expect(
      startGate(target({ eligible: false, reasons: [{ rule: 'noSla', errorCode: 'UPGRADE_6802', deviceCode: 6802, message: 'x' }] }), null, false).canStart,
    ).toBe(false);
    expect(startGate(null, null, true).canStart).toBe(false);
  });

  it('waits for the 9.2.1 configuration reset to be confirmed; another warning asks nothing', () => {
    const reset = target({ warnings: [{ rule: 'configurationReset', message: 'resets' }] });
    expect(startGate(reset, null, false)).toEqual({ needsResetConfirmation: true, canStart: false });
    expect(startGate(reset, null, true)).toEqual({ needsResetConfirmation: true, canStart: true });
    expect(startGate(target({ warnings: [{ rule: 'channelVersionBelowUnit', message: 'below' }] }), null, false).canStart).toBe(true);
  });

  it('is not offered while a run of the device goes on', () => {
    expect(startGate(target(), job('upgrading'), false).canStart).toBe(false);
    expect(startGate(target(), job('pending'), false).canStart).toBe(false);
    expect(startGate(target(), job('failed'), false).canStart).toBe(true);
  });
});
