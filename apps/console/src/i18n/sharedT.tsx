/**
 * The console's language for what a list draws on every row: one subscription to the language for
 * the whole console (react-i18next's `useTranslation` subscribes each use of it, builds its own
 * translation function and unsubscribes again, which a list pays per cell of every row that scrolls
 * into view), and a translation function that keeps its answers (every row asks for the same
 * labels). `TranslationProvider` replaces `I18nextProvider` at the root; `useSharedT()` reads it.
 * Use it where a component is drawn once per row; elsewhere `useTranslation` is as good.
 */
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';

export interface SharedT {
  /** The language's translation function, its answers kept (a key with the same options answers the same). */
  readonly t: TFunction;
  /** The language (for dates and numbers). */
  readonly language: string;
}

const SharedTContext = createContext<SharedT | null>(null);

/** Answers kept per translation function, at most this many (a list's labels are a few hundred). */
const KEPT = 5000;

/** `t` with its answers kept. A key without a translation (texts not loaded yet) is not kept. */
export function keepingT(t: TFunction): TFunction {
  const kept = new Map<string, string>();
  const translate = t as unknown as (key: string, options?: object) => string;
  const keeping = (key: string, options?: object): string => {
    const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
    const known = kept.get(id);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (text !== key) {
      if (kept.size >= KEPT) kept.clear();
      kept.set(id, text);
    }
    return text;
  };
  // TFunction is i18next's overloaded, key-checked signature: `keeping` answers each call as `t` does.
  return keeping as unknown as TFunction;
}

function SharedTProvider({ children }: { readonly children: ReactNode }) {
  // A new language, or texts added later (the rest of English, after the first page: i18n/index.ts
  // binds the store's `added`), give a new `t`, and so new answers.
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const value = useMemo(() => ({ t: keepingT(t), language }), [t, language]);
  return <SharedTContext.Provider value={value}>{children}</SharedTContext.Provider>;
}

/** i18next's provider and the shared translation function under it. */
export function TranslationProvider({ i18n, children }: { readonly i18n: I18n; readonly children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SharedTProvider>{children}</SharedTProvider>
    </I18nextProvider>
  );
}

/** The shared translation function and language (under `TranslationProvider`). */
export function useSharedT(): SharedT {
  const shared = useContext(SharedTContext);
  if (shared === null) throw new Error('useSharedT() needs a TranslationProvider above it');
  return shared;
}
