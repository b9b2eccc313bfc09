/**
 * Reading answers of a core that may differ from the contract (a real one, newer or older than ours):
 * an enum value this console has no text for shows as it came (never a translation key), a list left
 * out or null is empty, a text left out shows "—", and a picker offers only the options it can hold
 * (a value each, once). Every screen reads data values through these; what they cannot cover (a
 * required field left out deep in an answer) stops at the region's boundary (components/RegionBoundary).
 */
import type { TFunction } from 'i18next';

/** What i18next answers for a key it has no text for (asked with this default). */
const MISSING = '\u0000missing';

/** Whether a value can be part of a translation key (no dots, spaces or other separators). */
const KEY_SAFE = /^[\w-]+$/;

/**
 * The label of an enum value: its text under `prefix` (`t(prefix + '.' + value)`) when the
 * translations have one, else the value as it came (an enum value added after this console), and
 * `none` ("—" unless given) for no value at all.
 */
export function enumLabel(t: TFunction, prefix: string, value: string | null | undefined, none?: string): string {
  return enumText(t, prefix, value, none).text;
}

/** {@link enumLabel} and whether the value is one the console knows (an unknown one shows in a neutral style). */
export function enumText(t: TFunction, prefix: string, value: string | null | undefined, none?: string): { readonly text: string; readonly known: boolean } {
  if (value === null || value === undefined || value === '') return { text: none ?? t('common.none'), known: false };
  if (typeof value !== 'string') return { text: String(value), known: false };
  if (!KEY_SAFE.test(value)) return { text: value, known: false };
  // The key is built from a value: the typed t() takes literal keys only. Objects come back as
  // objects (a value naming a branch of the tree, not a text), so they are told apart from texts.
  const text: unknown = t(`${prefix}.${value}` as 'common.none', { defaultValue: MISSING, returnObjects: true } as never);
  return typeof text === 'string' && text !== MISSING ? { text, known: true } : { text: value, known: false };
}

/** Whether the translations have a text for the value under `prefix`. */
export function isKnownEnum(t: TFunction, prefix: string, value: string | null | undefined): boolean {
  return enumText(t, prefix, value).known;
}

/** The items of a list an answer gave, or none when it left the list out, null or of another kind. */
export function listOf<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

/** A text an answer gave, or `none` ("—") when it left it out, null or empty. */
export function textOr(value: string | null | undefined, none = '—'): string {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : none;
}

/** One option of a Mantine Select, MultiSelect or SegmentedControl. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

/**
 * A picker's options from items of an answer: an item without a value (Mantine refuses the whole
 * picker for one) is left out, a value given twice is offered once, and an item without a label
 * shows its value.
 */
export function selectData<T>(
  items: readonly T[] | null | undefined,
  value: (item: T) => string | null | undefined,
  label: (item: T) => string | null | undefined,
): Choice[] {
  const seen = new Set<string>();
  const out: Choice[] = [];
  for (const item of listOf(items)) {
    if (item === null || item === undefined) continue;
    const v = value(item);
    if (typeof v !== 'string' || v === '' || seen.has(v)) continue;
    seen.add(v);
    const l = label(item);
    out.push({ value: v, label: typeof l === 'string' && l !== '' ? l : v });
  }
  return out;
}

/** Options already made (`{ value, label }`), with those a picker cannot hold left out as {@link selectData} does. */
export function choices<C extends { readonly value?: string | null; readonly label?: string | null }>(options: readonly C[] | null | undefined): Choice[] {
  return selectData(
    options,
    (o) => o.value,
    (o) => o.label,
  );
}
