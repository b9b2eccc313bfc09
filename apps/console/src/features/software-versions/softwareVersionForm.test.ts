import { describe, expect, it } from 'vitest';
import { VALIDATION, type SoftwareVersion } from '@fleet/contracts';
import { toFormFields } from '../../lib/forms/fieldErrors';
import { formErrors, initialValues, sameVersionNumber, toBody } from './softwareVersionForm';

const version = (id: string, number: string): SoftwareVersion => ({
  id,
  number,
  description: '',
  releaseNotesUrl: null,
  supportedDevices: [],
  inventories: [],
  global: true,
  deprecated: false,
  version: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('software version form', () => {
  const blank = initialValues(null);

  it('asks for a number in the §9 range, in the spec wording', () => {
    expect(formErrors(blank, [], null)).toEqual({ number: VALIDATION.required });
    for (const number of ['3.4', '10.2', '7.x', '7.05', '1.2.3.4'])
      expect(formErrors({ ...blank, number }, [], null), number).toEqual({ number: VALIDATION.softwareVersionNumber });
    for (const number of ['3.5', '10.1', '10.1.4', ' 7.5.1 ']) expect(formErrors({ ...blank, number }, [], null), number).toEqual({});
  });

  it('refuses a number listed already in any spelling, except the version edited', () => {
    const listed = [version('a', '6.1'), version('b', '7.5.1')];
    expect(formErrors({ ...blank, number: '6.1.0' }, listed, null)).toEqual({ number: 'Software version exists' });
    expect(formErrors({ ...blank, number: '6.1' }, listed, 'a')).toEqual({});
    expect(sameVersionNumber('10.0', '10.0.0')).toBe(true);
    expect(sameVersionNumber('10.0', '10.0.1')).toBe(false);
  });

  it('checks the release notes address and sends an empty one as none', () => {
    expect(formErrors({ ...blank, number: '7.7', releaseNotesUrl: 'ftp://x.example' }, [], null)).toEqual({ releaseNotesUrl: VALIDATION.releaseNotesUrl });
    expect(toBody({ ...blank, number: ' 7.7 ', releaseNotesUrl: '  ' })).toMatchObject({ number: '7.7', releaseNotesUrl: null });
  });

  it("puts a list element's errors (the core's too) under its picker", () => {
    const errors = { number: 'Software version exists', 'inventoryIds.1': VALIDATION.fieldUnique };
    expect(toFormFields(errors)).toEqual({ number: 'Software version exists', inventoryIds: VALIDATION.fieldUnique });
  });
});
