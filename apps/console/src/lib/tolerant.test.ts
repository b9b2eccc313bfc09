import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { choices, enumLabel, enumText, listOf, selectData, textOr } from './tolerant';

const i18n = await initI18n({ allTexts: true });
const t = i18n.t;

describe('enumLabel', () => {
  it('gives the text of a value the translations know', () => {
    expect(enumLabel(t, 'units.typeGroups', 'fieldUnits')).toBe(t('units.typeGroups.fieldUnits'));
    expect(enumText(t, 'units.typeGroups', 'fieldUnits').known).toBe(true);
  });

  it('shows a value it does not know as it came, never as a translation key', () => {
    expect(enumLabel(t, 'units.typeGroups', 'hoverUnits')).toBe('hoverUnits');
    expect(enumText(t, 'units.typeGroups', 'hoverUnits')).toEqual({ text: 'hoverUnits', known: false });
    // A value naming a branch of the tree, or one a key cannot hold, is no text either.
    expect(enumLabel(t, 'units', 'typeGroups')).toBe('typeGroups');
    expect(enumLabel(t, 'units.typeGroups', 'field.Units')).toBe('field.Units');
  });

  it('shows "—" (or the given text) for no value', () => {
    expect(enumLabel(t, 'units.typeGroups', null)).toBe('—');
    expect(enumLabel(t, 'units.typeGroups', undefined)).toBe('—');
    expect(enumLabel(t, 'units.typeGroups', '', 'none')).toBe('none');
  });
});

describe('reading lists, texts and options', () => {
  it('reads a list left out or null as empty, a text as "—"', () => {
    expect(listOf(null)).toEqual([]);
    expect(listOf(undefined)).toEqual([]);
    expect(listOf([1])).toEqual([1]);
    expect(textOr(null)).toBe('—');
    expect(textOr('')).toBe('—');
    expect(textOr('LU800')).toBe('LU800');
  });

  it('offers each value once, none without a value, and a value without a label as its label', () => {
    const items = [{ id: 'a', name: 'Alpha' }, { id: undefined, name: 'Lost' }, { id: 'a', name: 'Again' }, { id: 'b', name: null }, null];
    expect(
      selectData(
        items as { id?: string; name?: string | null }[],
        (i) => i.id,
        (i) => i.name,
      ),
    ).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'b' },
    ]);
    expect(
      choices([
        { value: '', label: 'Empty' },
        { value: 'x', label: 'X' },
      ]),
    ).toEqual([{ value: 'x', label: 'X' }]);
  });
});
