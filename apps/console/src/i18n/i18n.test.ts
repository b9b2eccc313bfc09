import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, UNIT_STATUSES, UNIT_TYPE_GROUPS } from '@fleet/contracts';
import { loadChineseResources, loadEnglishResources } from './resources';

const englishResources = await loadEnglishResources();
import { menuIds } from '../shell/menu';
import { ROUTES, SECTIONS } from '../routing/routes';
import { COUNTERS } from '../features/units/counters';
import { CLIENT_ERROR_CODES } from '../api/ApiError';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const enKeys = flatten(englishResources as Tree);
const zhKeys = flatten((await loadChineseResources()) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('en.json and zh.json have the same keys', () => {
    const onlyEn = [...enKeys.keys()].filter((key) => !zhKeys.has(key));
    const onlyZh = [...zhKeys.keys()].filter((key) => !enKeys.has(key));
    expect({ onlyEn, onlyZh }).toEqual({ onlyEn: [], onlyZh: [] });
  });

  it('has no empty value', () => {
    const empty = [...enKeys, ...zhKeys].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...enKeys].filter(([key, value]) => placeholders(value).join() !== placeholders(zhKeys.get(key) ?? '').join()).map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('translates every key built at run time', () => {
    const wanted = [
      ...menuIds().map((id) => `menu.${id}`),
      ...ROUTES.filter((route) => route.kind === 'page').map((route) => `routes.${route.id}`),
      ...Object.entries(SECTIONS).flatMap(([section, { kinds }]) => kinds.map((kind) => `sections.${section}.${kind}`)),
      ...UNIT_STATUSES.map((status) => `units.status.${status}`),
      ...UNIT_TYPE_GROUPS.map((group) => `units.typeGroups.${group}`),
      ...COUNTERS.map((name) => `units.counters.${name}`),
      ...Object.keys(ERROR_CATALOGUE).map((code) => `apiErrors.${code}`),
      ...Object.values(CLIENT_ERROR_CODES).map((code) => `apiErrors.${code}`),
    ];
    expect(wanted.filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('words the English error texts exactly as the error catalogue', () => {
    for (const [code, { message }] of Object.entries(ERROR_CATALOGUE)) expect(enKeys.get(`apiErrors.${code}`)).toBe(message);
  });
});
