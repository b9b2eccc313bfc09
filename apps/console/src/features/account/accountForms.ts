/**
 * The account screens' values and the bodies of their calls, checked with the calls' own catalogue
 * schemas (checkSchema: the spec's words, so the inline messages are the core's), and the decisions
 * the screens make: where a user goes after signing in (spec 000 §6), which countries and alert
 * settings the preferences offer (§3, §9). No React here.
 */
import {
  ChangeOwnPasswordBody,
  CurrentUserUpdateBody,
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_ALERT_SOUND_SETTINGS,
  DEFAULTS,
  UpdateUserContactBody,
} from '@fleet/contracts';
import type { CurrentUser, PasswordExpiry, UserContact, UserPreferences } from '@fleet/contracts';
import { checkSchema } from '../../lib/forms/fieldErrors';
import type { FieldErrors } from '../../lib/forms/fieldErrors';
import { isSafeInternalPath, PASSWORD_CHANGE_PATH } from '../../routing/routes';
import { NEXT_PARAM } from '../../session/initialRoute';

// ── password change ─────────────────────────────────────────────────────────────────────────────

export const EMPTY_PASSWORD_CHANGE = { oldPassword: '', password: '', passwordConfirmation: '' };
export type PasswordChangeForm = Readonly<typeof EMPTY_PASSWORD_CHANGE>;

/** Spec 001 §5: the new password's rule and the two entries matching; the old one is required. */
export function checkPasswordChange(values: PasswordChangeForm): FieldErrors {
  return checkSchema(ChangeOwnPasswordBody, values);
}

// ── details and contact ─────────────────────────────────────────────────────────────────────────

export type DetailsForm = Readonly<ReturnType<typeof detailsForm>>;

export function detailsForm(user: CurrentUser, contact: UserContact | undefined) {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', phone: contact?.phone ?? '', company: contact?.company ?? '' };
}

/** PUT users/current: names and e-mail (an e-mail once set is sent as typed; blank leaves it as it is). */
export function detailsBody(values: DetailsForm): { firstName: string; lastName: string; email?: string } {
  const email = values.email.trim();
  return { firstName: values.firstName, lastName: values.lastName, ...(email === '' ? {} : { email }) };
}

/** POST user/contact: blank clears. */
export function contactBody(values: DetailsForm): { phone: string | null; company: string | null } {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  return { phone: blank(values.phone), company: blank(values.company) };
}

export function checkDetails(values: DetailsForm): FieldErrors {
  return { ...checkSchema(UpdateUserContactBody, contactBody(values)), ...checkSchema(CurrentUserUpdateBody, detailsBody(values)) };
}

// ── preferences ─────────────────────────────────────────────────────────────────────────────────

export type AlertType = keyof typeof DEFAULT_ALERT_SETTINGS;
export type AlertSeverity = keyof typeof DEFAULT_ALERT_SOUND_SETTINGS;
export const ALERT_TYPES = Object.keys(DEFAULT_ALERT_SETTINGS) as AlertType[];
export const ALERT_SEVERITIES = Object.keys(DEFAULT_ALERT_SOUND_SETTINGS) as AlertSeverity[];

/**
 * Smart-unit countries offered (spec 000 §3 luSmartCountry, default usa), by the three-letter code
 * the preference stores, with the two-letter region the browser names them by.
 */
export const SMART_UNIT_COUNTRIES: Readonly<Record<string, string>> = {
  usa: 'US',
  can: 'CA',
  mex: 'MX',
  bra: 'BR',
  gbr: 'GB',
  irl: 'IE',
  fra: 'FR',
  deu: 'DE',
  esp: 'ES',
  ita: 'IT',
  nld: 'NL',
  bel: 'BE',
  che: 'CH',
  swe: 'SE',
  nor: 'NO',
  dnk: 'DK',
  fin: 'FI',
  pol: 'PL',
  chn: 'CN',
  jpn: 'JP',
  kor: 'KR',
  ind: 'IN',
  aus: 'AU',
  nzl: 'NZ',
  zaf: 'ZA',
  are: 'AE',
};

/** The country choices, named in the user's language; a stored code not in the list is kept as a choice. */
export function countryOptions(language: string, current: string | undefined): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const options = Object.entries(SMART_UNIT_COUNTRIES).map(([value, region]) => ({ value, label: `${names?.of(region) ?? region} (${value.toUpperCase()})` }));
  options.sort((a, b) => a.label.localeCompare(b.label, language));
  if (current !== undefined && !(current in SMART_UNIT_COUNTRIES)) options.unshift({ value: current, label: current.toUpperCase() });
  return options;
}

/** The longest graphics region the preferences keep (contracts UserPreferences). */
export const GRAPHICS_REGION_MAX = 64;

export interface PreferencesForm {
  readonly luSmartCountry: string;
  readonly unitAlertsSettings: Readonly<Record<string, boolean>>;
  readonly unitAlertsSoundSettings: { readonly critical: boolean; readonly warning: boolean };
  /** '' = the browser's own zone. */
  readonly timeZone: string;
  /** The region of the graphics service the user works in (spec 000 §3 graphicsRegion); '' = none chosen. */
  readonly graphicsRegion: string;
}

/** The form from the stored preferences, every missing value at its spec 000 §9 default. */
export function preferencesForm(prefs: UserPreferences | undefined): PreferencesForm {
  return {
    luSmartCountry: prefs?.luSmartCountry ?? DEFAULTS.luSmartCountry,
    unitAlertsSettings: { ...DEFAULT_ALERT_SETTINGS, ...prefs?.unitAlertsSettings },
    unitAlertsSoundSettings: { ...DEFAULT_ALERT_SOUND_SETTINGS, ...prefs?.unitAlertsSoundSettings },
    timeZone: prefs?.timeZone ?? '',
    graphicsRegion: prefs?.graphicsRegion ?? '',
  };
}

/** The PUT userPreferences patch: only these fields, the others stay as stored. */
export function preferencesPatch(values: PreferencesForm): UserPreferences {
  return {
    luSmartCountry: values.luSmartCountry,
    unitAlertsSettings: { ...values.unitAlertsSettings },
    unitAlertsSoundSettings: { ...values.unitAlertsSoundSettings },
    timeZone: values.timeZone === '' ? null : values.timeZone,
    graphicsRegion: values.graphicsRegion.trim() === '' ? null : values.graphicsRegion.trim(),
  };
}

// ── the password expiry redirect (spec 000 §6) ──────────────────────────────────────────────────

/**
 * Where a user goes right after signing in: a password within 14 days of expiry, not dismissed,
 * goes to the change page first, keeping the target to continue to; otherwise the target itself.
 */
export function afterSignIn(target: string, expiry: PasswordExpiry | null): string {
  if (expiry === null || !expiry.expiring || expiry.dismissed) return target;
  return `${PASSWORD_CHANGE_PATH}?${NEXT_PARAM}=${encodeURIComponent(target)}`;
}

/** Where the change page continues to: its `next` when it is a path of this app (never itself), else the default. */
export function continueTarget(next: string | null, fallback: string): string {
  if (!isSafeInternalPath(next)) return fallback;
  const path = next.split('?')[0] ?? next;
  return path === PASSWORD_CHANGE_PATH || path === '/login' ? fallback : next;
}

/** Days until the expiry (0 when past), for the page's text. */
export function daysLeft(expiresAt: string | null, now: number): number | null {
  if (expiresAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / (24 * 60 * 60 * 1000)));
}
