import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { assignableTypes, canEditUser, checkCreate, checkPassword, checkUpdate, createBody, newUserForm } from './userForms';

const valid = {
  ...newUserForm(['inv-global']),
  username: 'ada.l',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Brand-new1',
  passwordConfirmation: 'Brand-new1',
};

describe('user form', () => {
  it('accepts a complete new user and sends blank labels as none', () => {
    expect(checkCreate(valid)).toEqual({});
    expect(createBody(valid)).toMatchObject({ userLabel: null, inventoryIds: ['inv-global'], passwordExpiryPolicy: 'never' });
  });

  it('words every rule as the core does (spec 001 §5)', () => {
    expect(checkCreate({ ...valid, firstName: 'ada' }).firstName).toBe(VALIDATION.firstNameUppercase);
    expect(checkCreate({ ...valid, username: 'ab' }).username).toBe(VALIDATION.betweenChars(3, 255));
    expect(checkCreate({ ...valid, email: 'nope' }).email).toBe(VALIDATION.invalidEmail);
    expect(checkCreate({ ...valid, email: '' }).email).toBe(VALIDATION.required);
    expect(checkCreate({ ...valid, inventoryIds: [] }).inventoryIds).toBe(VALIDATION.userInventoryRequired);
    expect(checkCreate({ ...valid, userLabel: 'x'.repeat(31) }).userLabel).toBe(VALIDATION.maxChars(30));
    expect(checkCreate({ ...valid, password: 'weakpass', passwordConfirmation: 'weakpass' }).password).toBe(VALIDATION.passwordRule);
    expect(checkCreate({ ...valid, passwordConfirmation: 'Brand-new2' }).passwordConfirmation).toBe(VALIDATION.passwordsMustMatch);
    expect(checkUpdate({ ...valid, email: '' }).email).toBe(VALIDATION.required);
    expect(checkPassword({ password: 'Brand-new1', passwordConfirmation: '' }).passwordConfirmation).toBe(VALIDATION.passwordsMustMatch);
  });

  it('offers no type above the caller’s and keeps SSO/enterprise users read-only', () => {
    expect(assignableTypes(['luc_admin'])).not.toContain('super_user');
    expect(assignableTypes(['luc_admin'])).toContain('luc_admin');
    expect(assignableTypes(['super_user'])).toContain('super_user');
    expect(canEditUser(['super_user'], { managedExternally: true, roles: ['luc_regular'], userType: 'luc_regular' })).toBe(false);
    expect(canEditUser(['luc_admin'], { managedExternally: false, roles: ['staff'], userType: 'staff' })).toBe(false);
    expect(canEditUser(['luc_admin'], { managedExternally: false, roles: ['luc_regular'], userType: 'luc_regular' })).toBe(true);
  });
});
