/**
 * `React.lazy` for a part of the console that is not on the first pages: its module and the English
 * texts not bundled with the entry (i18n `moreTexts`) load together, so it never draws before its texts.
 */
import { lazy as reactLazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { moreTexts } from '../i18n';

// `any` as React's own lazy has it: a component of any props (a narrower type rejects components with props).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return reactLazy(() => Promise.all([load(), moreTexts()]).then(([module]) => module));
}
