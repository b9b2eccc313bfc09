/**
 * How an upgrade reads on screen (spec 001 §4 software upgrade states, §8 upgrade codes): the
 * state's badge colour, the text of a failure code in the user's language — 101–107 and −1 with the
 * spec's texts (UPGRADE_FAILURE_TEXTS), 6802/6803/6199/6808/6810 with the error catalogue's meaning
 * (the same words the core answers with) — and a job's one-line summary. Pure but for `t`.
 */
import type { TFunction } from 'i18next';
import {
  ERROR_CATALOGUE,
  UPGRADE_FAILURE_TEXTS,
  type ErrorCode,
  type UpgradeBlockRule,
  type UpgradeJob,
  type UpgradeState,
  type UpgradeTarget,
  type UpgradeWarning,
} from '@fleet/contracts';
import { errorCodeText } from '../../api/errorMessage';

export const UPGRADE_STATE_COLORS: Readonly<Record<UpgradeState, string>> = {
  pending: 'gray',
  upgrading: 'blue',
  succeeded: 'green',
  failed: 'red',
  rejected: 'orange',
};

/** A job still running: pending or upgrading (a new start is not offered meanwhile). */
export function isRunningState(state: UpgradeState | null | undefined): boolean {
  return state === 'pending' || state === 'upgrading';
}

export type FailureCodeKind = 'install' | 'refusal' | 'unknown';

/** The §8 failure codes with a text (the device reports them). */
export type InstallFailureCode = keyof typeof UPGRADE_FAILURE_TEXTS;

/** The i18n key of each device failure code's text (JSON keys cannot start with '-'). */
export const FAILURE_TEXT_KEYS = {
  101: 'code101',
  102: 'code102',
  103: 'code103',
  104: 'code104',
  105: 'code105',
  106: 'code106',
  107: 'code107',
  [-1]: 'codeMinus1',
} as const satisfies Record<InstallFailureCode, string>;

/** Catalogue codes whose `code` is the §8 number (6802, 6803, 6199, 6808, 6810). */
const REFUSAL_CODES = new Map<number, ErrorCode>(
  (Object.entries(ERROR_CATALOGUE) as [ErrorCode, { code?: number }][]).flatMap(([key, entry]) =>
    entry.code === undefined ? [] : [[entry.code, key] as const],
  ),
);

export function failureCodeKind(code: number): FailureCodeKind {
  if (Object.hasOwn(FAILURE_TEXT_KEYS, code)) return 'install';
  return REFUSAL_CODES.has(code) ? 'refusal' : 'unknown';
}

/** The catalogue entry a §8 refusal code stands for (6802 → UPGRADE_6802), if it is one. */
export function refusalErrorCode(code: number): ErrorCode | null {
  return REFUSAL_CODES.get(code) ?? null;
}

/** "101: Install failed" — a failure code with its text in the user's language. */
export function failureCodeText(t: TFunction, code: number): string {
  const kind = failureCodeKind(code);
  if (kind === 'install') return t(`upgrades.failures.${FAILURE_TEXT_KEYS[code as InstallFailureCode]}`);
  const refusal = refusalErrorCode(code);
  if (refusal !== null) return errorCodeText(t, refusal);
  return t('upgrades.failures.unknown', { code });
}

/** Progress shown as a whole percentage between 0 and 100. */
export function progressPercent(progress: number | null | undefined): number {
  if (progress === null || progress === undefined || !Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}

/** A rule of spec 001 §5 as the core names it (a blocker or a warning). */
export type UpgradeRuleId = UpgradeBlockRule | UpgradeWarning['rule'];

/**
 * A blocking reason or warning in the user's language: English shows the core's message as it came
 * (it names the versions involved), another language the rule's translation — or the message when
 * the core names a rule this console does not know yet (the rule list only grows).
 */
export function ruleText(t: TFunction, language: string, rule: UpgradeRuleId, message: string, exists: (key: string) => boolean): string {
  if (language === 'en' && message !== '') return message;
  const key = `upgrades.rules.${rule}`;
  // Every known rule has a key (upgradeFormat.test.ts checks it); the typed t() takes any one of them.
  return exists(key) || message === '' ? t(key as 'upgrades.rules.noSla') : message;
}

/**
 * Whether the dialog offers the start: a target chosen and found eligible (the eligibility read for
 * it, or a target's own), no run of the device going on,
 * and the configuration reset confirmed where the target warns of it (spec 001 §5 "units on 9.2.1
 * warn of a configuration reset": `needsResetConfirmation`, a confirmation is asked for).
 */
export function startGate(target: Pick<UpgradeTarget, 'eligible' | 'warnings'> | null, job: UpgradeJob | null, resetConfirmed: boolean) {
  const needsResetConfirmation = target?.warnings.some((w) => w.rule === 'configurationReset') ?? false;
  const canStart = target !== null && target.eligible && !isRunningState(job?.state) && (!needsResetConfirmation || resetConfirmed);
  return { needsResetConfirmation, canStart };
}
