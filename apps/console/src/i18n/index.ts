/**
 * i18next set-up: English is bundled and the default; Chinese is loaded on first use. The chosen
 * language is kept in localStorage (before sign-in) and in the user's preferences (`language`).
 */
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@fleet/contracts';
import { englishResources, loadChineseResources } from './resources';

export const LANGUAGE_STORAGE_KEY = 'fleet.language';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'zh'];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

async function ensureResources(instance: I18n, language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, 'translation')) return;
  if (language === 'zh') {
    instance.addResourceBundle('zh', 'translation', await loadChineseResources(), true, true);
  }
}

/** Switches the language, loading its texts first, and remembers it in this browser. */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  await ensureResources(instance, language);
  await instance.changeLanguage(language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the preference still follows the user through their preferences.
  }
}

export async function initI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: englishResources } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const stored = storedLanguage();
  if (stored && stored !== DEFAULT_LANGUAGE) await changeLanguage(instance, stored);
  return instance;
}
