import { describe, expect, it } from 'vitest';
import { CreateGuestInvitationBody, StartFetchLogsBody, VALIDATION } from '@fleet/contracts';
import { ApiError } from '../../api/ApiError';
import { matchValidationMessage } from '../../lib/forms/specText';
import { apiFieldErrors, errorsByField, parseBody } from './validation';

describe('dialog form validation', () => {
  it('send logs: the description is required (000 §5 "This field is required")', () => {
    expect(parseBody(StartFetchLogsBody, { description: '' }).errors).toEqual({ description: VALIDATION.required });
    expect(parseBody(StartFetchLogsBody, { description: '   ' }).errors).toEqual({ description: VALIDATION.required });
    expect(parseBody(StartFetchLogsBody, { description: 'x' }).errors).toBeNull();
  });
  it('guest invite: 001 §5 texts for the name, e-mail and phone', () => {
    expect(parseBody(CreateGuestInvitationBody, { deviceName: '', email: 'bad', phone: '12a' }).errors).toEqual({
      deviceName: VALIDATION.required,
      email: VALIDATION.invalidEmail,
      phone: VALIDATION.numericOnly,
    });
    expect(parseBody(CreateGuestInvitationBody, { deviceName: 'Jane Doe', phone: '1' }).errors).toEqual({ deviceName: VALIDATION.unitNameCharacters });
    expect(parseBody(CreateGuestInvitationBody, { deviceName: 'jane' }).errors).toEqual({ email: VALIDATION.required });
    expect(parseBody(CreateGuestInvitationBody, { deviceName: 'jane', phone: '1' }).data).toEqual({ deviceName: 'jane', phone: '1', period: '1d' });
  });
  it('maps the core’s field errors onto the form fields', () => {
    const e = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'x',
      fields: [
        { path: 'body.deviceName', message: VALIDATION.nameUnique },
        { path: 'body.deviceName', message: 'second' },
      ],
    });
    expect(apiFieldErrors(e)).toEqual({ deviceName: VALIDATION.nameUnique });
    expect(apiFieldErrors(new Error('x'))).toEqual({});
    expect(errorsByField([{ path: 'body.paths.0', message: 'm' }])).toEqual({ paths: 'm' });
  });
  it('knows the spec texts it translates (lib/forms useSpecText words them)', () => {
    expect(matchValidationMessage(VALIDATION.required)).toEqual({ key: 'required', params: {} });
    expect(matchValidationMessage(VALIDATION.maxChars(1024))).toEqual({ key: 'maxChars', params: { n: '1024' } });
    expect(matchValidationMessage('something else')).toBeNull();
  });
});
