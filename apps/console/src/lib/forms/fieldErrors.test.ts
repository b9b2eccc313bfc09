import { describe, expect, it } from 'vitest';
import { CreateGuestInvitationBody, DelayUpdateBody, IpPipeUpdateBody, StartFetchLogsBody, VALIDATION } from '@fleet/contracts';
import { ApiError } from '../../api/ApiError';
import {
  apiFieldErrors,
  checkSchema,
  errorsByField,
  FORM_ERROR,
  mergeErrors,
  numberValue,
  parseBody,
  parseNumber,
  problemsToErrors,
  serverFieldErrors,
  unshownErrors,
} from './fieldErrors';
import { matchValidationMessage } from './specText';

describe('form errors', () => {
  it('keeps the first message per field and puts root problems at the form', () => {
    expect(
      problemsToErrors([
        { path: 'a', message: 'one' },
        { path: 'a', message: 'two' },
        { path: '', message: VALIDATION.busyUnitCapping },
      ]),
    ).toEqual({ a: 'one', [FORM_ERROR]: VALIDATION.busyUnitCapping });
    expect(mergeErrors({ a: 'first' }, { a: 'second', b: 'b' })).toEqual({ a: 'first', b: 'b' });
  });

  it('checks a body with the catalogue schema in the spec wording', () => {
    expect(checkSchema(DelayUpdateBody, { delayMs: 100, mode: 'normal' })).toEqual({ delayMs: VALIDATION.minValue(400) });
    expect(checkSchema(DelayUpdateBody, { delayMs: undefined, mode: 'normal' })).toEqual({ delayMs: VALIDATION.required });
    expect(checkSchema(DelayUpdateBody, { delayMs: Number.NaN, mode: 'normal' })).toEqual({ delayMs: VALIDATION.number });
    expect(checkSchema(IpPipeUpdateBody, { enabled: true, serverId: null })).toEqual({ serverId: VALIDATION.required });
  });

  it("maps the server's field errors onto the form", () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid field',
      fields: [
        { path: 'body.delayMs', message: VALIDATION.delayOnTheFly },
        { path: 'body', message: VALIDATION.busyUnitCapping },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({ delayMs: VALIDATION.delayOnTheFly, [FORM_ERROR]: VALIDATION.busyUnitCapping });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });

  it('reads numbers from text inputs', () => {
    expect(parseNumber('')).toBeUndefined();
    expect(parseNumber(' 1500 ')).toBe(1500);
    expect(parseNumber('2.5')).toBe(2.5);
    expect(parseNumber('12a')).toBeNaN();
    expect(numberValue(12)).toBe(12);
    expect(numberValue(' 12 ')).toBe(12);
    expect(numberValue('')).toBeUndefined();
    expect(numberValue('x')).toBeNaN();
  });
});

describe('errors no field shows', () => {
  it('keeps the errors of fields the form does not render, by their field', () => {
    const errors = { description: 'This field is required', channelId: 'This field is required', 'jacks.0.volume': 'Must be 10 or less', [FORM_ERROR]: 'x' };
    expect(unshownErrors(errors, ['description', 'jacks'])).toEqual({ channelId: 'This field is required' });
    expect(unshownErrors(errors, ['description'])).toEqual({ channelId: 'This field is required', 'jacks.0.volume': 'Must be 10 or less' });
    expect(unshownErrors(errors, ['description', 'channelId', 'jacks'])).toEqual({});
  });
});

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
