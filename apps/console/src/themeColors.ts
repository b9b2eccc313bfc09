/**
 * The colours text is read in, light and dark (App.tsx gives this resolver to Mantine beside the theme).
 * Every one meets WCAG AA (4.5:1) on the surfaces it sits on, in both schemes: Mantine's stock palette does
 * not (its dimmed grey #868e96 on white is 3.3:1, white on its blue buttons 3.6:1, a green badge's text
 * 3.8:1). So, per colour, the first shade of the palette that reads is taken, darkened (or lightened)
 * beyond the palette only where none does; a component test holds every pair to the bar.
 */
import { darken, DEFAULT_THEME, lighten, luminance } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/** The contrast a text colour must reach on its background (WCAG AA for normal text, with a hair to spare). */
export const MIN_CONTRAST = 4.6;

const WHITE = DEFAULT_THEME.white;
const dark = DEFAULT_THEME.colors.dark;
const gray = DEFAULT_THEME.colors.gray;

const blue = DEFAULT_THEME.colors.blue;

/** The page and the surfaces on it, per scheme: body, striped or hovered rows, a default control, a selected row (the primary colour's tint). */
export const SURFACES = {
  light: [WHITE, gray[0], gray[1], blue[1]],
  dark: [dark[7], dark[6], dark[5], darken(blue[9], 0.5)],
} as const;

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function readsOn(color: string, backgrounds: readonly string[]): boolean {
  return backgrounds.every((bg) => contrastRatio(color, bg) >= MIN_CONTRAST);
}

/**
 * The first of `shades` that reads on every background; when none does, the last one darkened
 * (`towards: 'dark'`) or lightened step by step until it does.
 */
export function readable(shades: readonly string[], backgrounds: readonly string[], towards: 'dark' | 'light'): string {
  const found = shades.find((s) => readsOn(s, backgrounds));
  if (found !== undefined) return found;
  const last = shades[shades.length - 1] ?? (towards === 'dark' ? '#000000' : WHITE);
  for (let step = 1; step <= 20; step++) {
    const candidate = towards === 'dark' ? darken(last, step / 20) : lighten(last, step / 20);
    if (readsOn(candidate, backgrounds)) return candidate;
  }
  return towards === 'dark' ? '#000000' : WHITE;
}

function shades(tuple: MantineColorsTuple, from: number, to: number): string[] {
  const out: string[] = [];
  const step = from <= to ? 1 : -1;
  for (let i = from; step > 0 ? i <= to : i >= to; i += step) out.push(tuple[i] ?? tuple[9]);
  return out;
}

/** The dimmed text of each scheme: as close to Mantine's grey as contrast allows. */
export const DIMMED = {
  light: readable(['#868e96', '#7a828a', '#6f767e', '#656c73', '#5c636a', gray[7]], SURFACES.light, 'dark'),
  dark: readable(['#828282', '#8f8f8f', '#9a9a9a', '#a6a6a6', '#b0b0b0', dark[1]], SURFACES.dark, 'light'),
} as const;

export type SchemeVariables = Record<string, string>;

/** A colour's text, fill, outline and light-variant variables in each scheme. */
export function colorVariables(name: string, tuple: MantineColorsTuple): { light: SchemeVariables; dark: SchemeVariables } {
  const lightText = readable(shades(tuple, 6, 9), SURFACES.light, 'dark');
  const darkText = readable(shades(tuple, 4, 0), SURFACES.dark, 'light');
  // Filled controls and badges carry white text in both schemes.
  const lightFilled = readable(shades(tuple, 6, 9), [WHITE], 'dark');
  const darkFilled = readable(shades(tuple, 8, 9), [WHITE], 'dark');
  const v = (suffix: string) => `--mantine-color-${name}-${suffix}`;
  return {
    light: {
      [v('text')]: lightText,
      [v('filled')]: lightFilled,
      [v('filled-hover')]: darken(lightFilled, 0.12),
      [v('outline')]: lightText,
      // The light variant: the colour's text on its pale tint and the tint's hover.
      [v('light-color')]: readable([tuple[9]], [tuple[1], tuple[2]], 'dark'),
    },
    dark: {
      [v('text')]: darkText,
      [v('filled')]: darkFilled,
      [v('filled-hover')]: darken(darkFilled, 0.12),
      [v('outline')]: darkText,
      [v('light-color')]: readable([tuple[0]], [darken(tuple[9], 0.5), darken(tuple[9], 0.3)], 'light'),
    },
  };
}

const resolved = new Map<string, ReturnType<CSSVariablesResolver>>();

/** Mantine merges these over its own variables (worked out once per theme: Mantine asks on every render of its provider). */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  // Keyed by what the variables depend on (Mantine may hand over a new copy of the same theme).
  const key = `${theme.primaryColor}:${JSON.stringify(theme.colors)}`;
  const known = resolved.get(key);
  if (known !== undefined) return known;
  const result = resolveVariables(theme);
  resolved.set(key, result);
  return result;
};

function resolveVariables(theme: Parameters<CSSVariablesResolver>[0]): ReturnType<CSSVariablesResolver> {
  const light: SchemeVariables = {};
  const darkVars: SchemeVariables = {};
  for (const [name, tuple] of Object.entries(theme.colors)) {
    if (tuple === undefined || name === 'dark') continue;
    const vars = colorVariables(name, tuple);
    Object.assign(light, vars.light);
    Object.assign(darkVars, vars.dark);
  }
  const both = {
    '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    '--mantine-color-success': 'var(--mantine-color-teal-text)',
  };
  return {
    variables: {},
    light: { ...light, ...both, '--mantine-color-dimmed': DIMMED.light },
    dark: { ...darkVars, ...both, '--mantine-color-dimmed': DIMMED.dark },
  };
}
