import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { VALIDATION } from '@fleet/contracts';
import { loadChineseResources, loadEnglishResources } from '../../i18n/resources';

const englishResources = await loadEnglishResources();
import { BATCH_MESSAGE_KEYS, batchMessageText } from './batchText';

const en = i18next.createInstance();
await en.init({ lng: 'en', resources: { en: { translation: englishResources } } });
const zh = i18next.createInstance();
await zh.init({ lng: 'zh', fallbackLng: false, resources: { zh: { translation: await loadChineseResources() } } });

describe('batch upgrade messages', () => {
  it('words each one exactly as contracts VALIDATION in English, and translates it in Chinese', () => {
    for (const key of BATCH_MESSAGE_KEYS) {
      expect(batchMessageText(en.t, VALIDATION[key])).toBe(VALIDATION[key]);
      const chinese = batchMessageText(zh.t, VALIDATION[key]);
      expect(chinese).not.toBe(VALIDATION[key]);
      expect(chinese).not.toMatch(/^batchUpgrade\./);
    }
    expect(VALIDATION.batchUpgradeMaxDevices).toBe('Batch upgrade CSV: at most 500 devices');
  });

  it('leaves other messages to the shared mapping', () => {
    expect(batchMessageText(en.t, VALIDATION.required)).toBeNull();
  });
});
