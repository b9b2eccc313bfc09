/**
 * The colours text is read in meet 4.5:1 on the surfaces they sit on, in both schemes, for every
 * colour of the palette: its text, its filled controls (white text), its light variant, and the dimmed grey.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { colorVariables, contrastRatio, cssVariablesResolver, DIMMED, SURFACES } from './themeColors';

const AA = 4.5;

describe('theme colours: contrast in both schemes', () => {
  it('raises the dimmed grey above 4.5:1 on every surface of each scheme', () => {
    expect(contrastRatio('#868e96', '#ffffff')).toBeLessThan(AA);
    for (const bg of SURFACES.light) expect(contrastRatio(DIMMED.light, bg)).toBeGreaterThanOrEqual(AA);
    for (const bg of SURFACES.dark) expect(contrastRatio(DIMMED.dark, bg)).toBeGreaterThanOrEqual(AA);
    expect(cssVariablesResolver(DEFAULT_THEME).light['--mantine-color-dimmed']).toBe(DIMMED.light);
    expect(cssVariablesResolver(DEFAULT_THEME).dark['--mantine-color-dimmed']).toBe(DIMMED.dark);
  });

  it.each(Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark'))('reads %s text, fills and light variant at 4.5:1', (name) => {
    const tuple = DEFAULT_THEME.colors[name]!;
    const { light, dark } = colorVariables(name, tuple);
    const v = (vars: Record<string, string>, suffix: string) => vars[`--mantine-color-${name}-${suffix}`]!;
    for (const bg of SURFACES.light) expect(contrastRatio(v(light, 'text'), bg)).toBeGreaterThanOrEqual(AA);
    for (const bg of SURFACES.dark) expect(contrastRatio(v(dark, 'text'), bg)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(v(light, 'filled'), '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(v(dark, 'filled'), '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(v(light, 'light-color'), tuple[1])).toBeGreaterThanOrEqual(AA);
  });
});
