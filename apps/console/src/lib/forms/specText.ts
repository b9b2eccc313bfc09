/**
 * The spec's messages (contracts VALIDATION and the error catalogue, as the core and the
 * packages/domain rules word them) in the user's language: a VALIDATION text maps to
 * `forms.validation.<key>` with its numbers, a catalogue message to `apiErrors.<code>`, anything
 * else is shown as it came. English shows the spec's exact wording.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE, VALIDATION, type ErrorCode } from '@fleet/contracts';
import { errorCodeText } from '../../api/errorMessage';

export type ValidationKey = keyof typeof VALIDATION;

/** A VALIDATION text recognised: its key and the numbers it carries ({{n}}, {{m}}). */
export interface MatchedValidation {
  readonly key: ValidationKey;
  readonly params: Readonly<Record<string, string>>;
}

const PARAM_NAMES = ['n', 'm'] as const;
const SENTINELS = [918273, 564738] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Matcher {
  readonly key: ValidationKey;
  readonly exact?: string;
  readonly pattern?: RegExp;
  readonly params: readonly string[];
}

/** One matcher per VALIDATION entry: texts compare exactly, parameterised ones by a pattern. */
const MATCHERS: readonly Matcher[] = (Object.keys(VALIDATION) as ValidationKey[]).map((key): Matcher => {
  const entry: unknown = VALIDATION[key];
  if (typeof entry === 'string') return { key, exact: entry, params: [] };
  // Parameterised texts are functions of one or two numbers (minValue(n), betweenChars(n, m)).
  const fn = entry as (...args: number[]) => string;
  const text = fn(...SENTINELS);
  const params: string[] = [];
  let source = escapeRegExp(text);
  SENTINELS.forEach((sentinel, index) => {
    if (!source.includes(String(sentinel))) return;
    source = source.replace(String(sentinel), '(-?\\d+(?:\\.\\d+)?)');
    params.push(PARAM_NAMES[index] ?? `p${index}`);
  });
  return { key, pattern: new RegExp(`^${source}$`), params };
});

/** The VALIDATION entry a message is, or null when it is not one of the spec's texts. */
export function matchValidationMessage(message: string): MatchedValidation | null {
  for (const matcher of MATCHERS) {
    if (matcher.exact !== undefined) {
      if (matcher.exact === message) return { key: matcher.key, params: {} };
      continue;
    }
    const found = matcher.pattern?.exec(message);
    if (!found) continue;
    const params: Record<string, string> = {};
    matcher.params.forEach((name, index) => {
      params[name] = found[index + 1] ?? '';
    });
    return { key: matcher.key, params };
  }
  return null;
}

const ERROR_CODES_BY_MESSAGE = new Map<string, ErrorCode>(
  (Object.entries(ERROR_CATALOGUE) as [ErrorCode, { message: string }][]).map(([code, entry]) => [entry.message, code]),
);

/** A spec message in the user's language (see the module comment). */
export function useSpecText(): (message: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string) => {
      const matched = matchValidationMessage(message);
      const key = matched ? `forms.validation.${matched.key}` : null;
      // Checked by i18n.exists: contracts may add texts before they are translated here.
      if (matched && key !== null && i18n.exists(key)) {
        // Any validation key: the one with both placeholders types the options ({{n}}, {{m}}).
        return t(key as 'forms.validation.betweenChars', { n: matched.params.n ?? '', m: matched.params.m ?? '' });
      }
      const code = ERROR_CODES_BY_MESSAGE.get(message);
      if (code) return errorCodeText(t, code);
      return message;
    },
    [t, i18n],
  );
}
