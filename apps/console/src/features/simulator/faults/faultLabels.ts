/**
 * The fault forms' words: `faults.kinds.<type>` names a kind, `faults.kindFields.<type>.<field>`
 * a field of one kind (a switch reads as what it turns on), else `faults.fields.<field>`;
 * `faults.hints.<field>` explains a field, `faults.options.<field>.<value>` names a choice. A key
 * not translated yet reads as itself made readable ("modemFail" → "Modem fail").
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readableKey } from './faultFields';

export interface FaultLabels {
  kind(type: string): string;
  field(type: string, field: string): string;
  hint(type: string, field: string, fallback?: string): string | undefined;
  option(field: string, value: string): string;
  readonly none: string;
}

export function useFaultLabels(): FaultLabels {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    // Keys built from the contracts' names are not in the typed key tree: looked up untyped.
    const lookup = (key: string): string | null => (i18n.exists(key) ? String((t as unknown as (k: string) => unknown)(key)) : null);
    return {
      kind: (type) => lookup(`faults.kinds.${type}`) ?? readableKey(type),
      field: (type, field) => lookup(`faults.kindFields.${type}.${field}`) ?? lookup(`faults.fields.${field}`) ?? readableKey(field),
      // The schema's own description is English: shown only where the console is in English.
      hint: (type, field, fallback) =>
        lookup(`faults.kindHints.${type}.${field}`) ?? lookup(`faults.hints.${field}`) ?? (i18n.language.startsWith('en') ? fallback : undefined),
      option: (field, value) => lookup(`faults.options.${field}.${value}`) ?? readableKey(value),
      none: t('faults.none'),
    };
  }, [t, i18n]);
}
