import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, VALIDATION, type PasswordExpiry } from '@fleet/contracts';
import { afterSignIn, checkDetails, checkPasswordChange, continueTarget, countryOptions, daysLeft, preferencesForm, preferencesPatch } from './accountForms';

const expiry = (over: Partial<PasswordExpiry>): PasswordExpiry => ({
  expiresAt: '2026-12-01T00:00:00.000Z',
  warningDays: 14,
  expiring: true,
  dismissed: false,
  ...over,
});

describe('password change form', () => {
  it("says the spec's rule for a weak password, the mismatch on the confirmation, and a missing old password", () => {
    expect(checkPasswordChange({ oldPassword: 'x', password: 'short', passwordConfirmation: 'short' })).toEqual({ password: VALIDATION.passwordRule });
    expect(checkPasswordChange({ oldPassword: 'x', password: 'Good-pass-1', passwordConfirmation: 'Good-pass-2' })).toEqual({
      passwordConfirmation: VALIDATION.passwordsMustMatch,
    });
    expect(checkPasswordChange({ oldPassword: '', password: 'Good-pass-1', passwordConfirmation: 'Good-pass-1' })).toEqual({
      oldPassword: VALIDATION.required,
    });
    expect(checkPasswordChange({ oldPassword: 'x', password: 'Good-pass-1', passwordConfirmation: 'Good-pass-1' })).toEqual({});
    // The old password's mismatch is the core's to say (the client cannot know it).
    expect(ERROR_CATALOGUE.OLD_PASSWORD_MISMATCH.message).toBe('Old password does not match');
  });

  it('checks the details with the calls’ own rules', () => {
    const ok = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20', company: '' };
    expect(checkDetails(ok)).toEqual({});
    expect(checkDetails({ ...ok, email: 'not-an-email' }).email).toBeDefined();
    expect(checkDetails({ ...ok, firstName: 'ada' }).firstName).toBe(VALIDATION.firstNameUppercase);
    expect(checkDetails({ ...ok, phone: 'call me' }).phone).toBeDefined();
  });
});

describe('after signing in (spec 000 §6)', () => {
  it('sends an expiring, undismissed password to the change page keeping the target; otherwise to the target', () => {
    expect(afterSignIn('/map?x=1', expiry({}))).toBe('/password_change?next=%2Fmap%3Fx%3D1');
    expect(afterSignIn('/map', expiry({ dismissed: true }))).toBe('/map');
    expect(afterSignIn('/map', expiry({ expiring: false }))).toBe('/map');
    expect(afterSignIn('/map', null)).toBe('/map');
  });

  it('continues to an in-app target only, never back to the change page or the login', () => {
    expect(continueTarget('/map?x=1', '/list')).toBe('/map?x=1');
    expect(continueTarget('https://evil.example', '/list')).toBe('/list');
    expect(continueTarget('//evil.example', '/list')).toBe('/list');
    expect(continueTarget('/password_change?next=/map', '/list')).toBe('/list');
    expect(continueTarget('/login', '/list')).toBe('/list');
    expect(continueTarget(null, '/list')).toBe('/list');
  });

  it('counts the days left, none once past', () => {
    const now = Date.parse('2026-11-24T00:00:00.000Z');
    expect(daysLeft('2026-12-01T00:00:00.000Z', now)).toBe(7);
    expect(daysLeft('2026-11-20T00:00:00.000Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });
});

describe('preferences form', () => {
  it("fills every missing value with the spec's defaults (alerts on, warning sound off, usa)", () => {
    const form = preferencesForm({});
    expect(form.luSmartCountry).toBe('usa');
    expect(Object.values(form.unitAlertsSettings).every((v) => v)).toBe(true);
    expect(form.unitAlertsSoundSettings).toEqual({ critical: true, warning: false });
    expect(form.timeZone).toBe('');
    expect(form.graphicsRegion).toBe('');
  });

  it('keeps stored choices and sends only its own fields, the browser zone as null', () => {
    const form = preferencesForm({
      luSmartCountry: 'fra',
      unitAlertsSettings: { newDeviceAdded: false },
      timeZone: 'Asia/Tokyo',
      graphicsRegion: 'eu-west',
      leftPanelWidth: 300,
    });
    expect(form.unitAlertsSettings.newDeviceAdded).toBe(false);
    expect(form.unitAlertsSettings.offlineToOnline).toBe(true);
    expect(preferencesPatch(form)).toEqual({
      luSmartCountry: 'fra',
      unitAlertsSettings: form.unitAlertsSettings,
      unitAlertsSoundSettings: { critical: true, warning: false },
      timeZone: 'Asia/Tokyo',
      graphicsRegion: 'eu-west',
    });
    expect(preferencesPatch({ ...form, timeZone: '' }).timeZone).toBeNull();
    expect(preferencesPatch({ ...form, graphicsRegion: '  ' }).graphicsRegion).toBeNull();
  });

  it('names the countries in the user’s language and keeps an unlisted stored code', () => {
    const en = countryOptions('en', 'usa');
    expect(en.find((o) => o.value === 'usa')?.label).toBe('United States (USA)');
    expect(countryOptions('en', 'xyz')[0]).toEqual({ value: 'xyz', label: 'XYZ' });
  });
});
