/**
 * i18next set-up: English is the default, its frame's and first pages' texts bundled and the rest
 * loaded by {@link moreTexts} (./resources.ts); Chinese is loaded on first use. The chosen language is
 * kept in localStorage (before sign-in) and in the user's preferences (`language`).
 */
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@fleet/contracts';
import { firstEnglish, loadChineseResources, loadMoreEnglish } from './resources';

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

/** The instances made by {@link initI18n} before the rest of the English texts came: those go to each when they do. */
const instances = new Set<I18n>();
let more: Promise<void> | undefined;

/**
 * Loads the English texts of the areas not bundled with the entry, once, into every instance: called
 * when the first page is idle, and awaited before a page or lazily loaded part draws (lib/lazy.ts). A
 * component drawn before they arrive draws again when they do (react-i18next's `bindI18nStore`).
 */
export function moreTexts(): Promise<void> {
  more ??= loadMoreEnglish().then(
    (texts) => {
      for (const instance of instances) instance.addResourceBundle('en', 'translation', texts, true, false);
    },
    (error: unknown) => {
      // A failed load (the network went away) is tried again by the next part that needs the texts.
      more = undefined;
      throw error;
    },
  );
  return more;
}

/** `allTexts`: every English text before it resolves (tests, which draw any part at once). */
export async function initI18n({ allTexts = false }: { readonly allTexts?: boolean } = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: firstEnglish } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  if (allTexts || more !== undefined) {
    // Every text now (or those another instance already loaded): the module is loaded once.
    await moreTexts();
    instance.addResourceBundle('en', 'translation', await loadMoreEnglish(), true, false);
  } else {
    instances.add(instance);
  }
  const stored = storedLanguage();
  if (stored && stored !== DEFAULT_LANGUAGE) await changeLanguage(instance, stored);
  return instance;
}
