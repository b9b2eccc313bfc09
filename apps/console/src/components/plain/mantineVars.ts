/**
 * Mantine's CSS variables of a component (its colours and size, from the component's own
 * `varsResolver` and the theme), as a class instead of an inline style. Mantine writes them as an
 * inline style on every element; a list that draws hundreds of badges and buttons as it scrolls
 * then pays for every variable of every element. Here each combination is written once, as a rule
 * of one constructed style sheet, and the elements only carry its class.
 *
 * Where the browser has no constructed style sheets (jsdom), the variables come back as an inline
 * style, as Mantine writes them.
 */
import type { CSSProperties } from 'react';
import type { MantineTheme } from '@mantine/core';

/** What a Mantine component's vars resolver gives for its root. */
export type RootVars = Readonly<Record<string, string | undefined>>;

/** The class that sets the variables, or the inline style to use instead. */
export interface VarsProps {
  readonly className?: string;
  readonly style?: CSSProperties;
}

let sheet: CSSStyleSheet | null | undefined;

function styleSheet(): CSSStyleSheet | null {
  if (sheet !== undefined) return sheet;
  sheet = null;
  try {
    if (typeof document !== 'undefined' && Array.isArray(document.adoptedStyleSheets) && typeof CSSStyleSheet === 'function') {
      const made = new CSSStyleSheet();
      made.replaceSync('');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, made];
      sheet = made;
    }
  } catch {
    sheet = null;
  }
  return sheet;
}

const made = new WeakMap<MantineTheme, Map<string, VarsProps>>();
let rules = 0;

const defined = (vars: RootVars): [string, string][] => Object.entries(vars).filter((entry): entry is [string, string] => entry[1] !== undefined);

/**
 * The variables `resolve()` gives (called once per theme and `key`: `key` names the component and
 * the props the variables depend on), as a class when it can be, else as an inline style.
 */
export function mantineVars(theme: MantineTheme, key: string, resolve: () => RootVars): VarsProps {
  let byKey = made.get(theme);
  if (byKey === undefined) {
    byKey = new Map();
    made.set(theme, byKey);
  }
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const vars = defined(resolve());
  const target = styleSheet();
  let result: VarsProps;
  if (target === null) {
    result = { style: Object.fromEntries(vars) as CSSProperties };
  } else {
    rules += 1;
    const className = `plain-${key.replace(/[^a-z0-9-]+/gi, '-')}-${rules}`;
    // Doubled, so that it outranks the variables' defaults on Mantine's own class of the component.
    const declarations = vars.map(([name, value]) => `${name}:${value}`).join(';');
    target.insertRule(`.${className}.${className}{${declarations}}`, target.cssRules.length);
    result = { className };
  }
  byKey.set(key, result);
  return result;
}
