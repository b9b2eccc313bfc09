import 'i18next';
import type { TranslationTree } from './resources';

/** Translation keys are checked against the English tree (en.json + areas/*.en.json) at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationTree };
  }
}
