import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import {
  checkGeocoding,
  checkMedia,
  checkProfile,
  checkProvider,
  geocodingBody,
  geocodingForm,
  mediaBody,
  mediaForm,
  parseAccuracies,
  parseJsonObject,
} from './streamSettingForms';

describe('stream settings forms', () => {
  it('reads JSON objects and accuracies as typed', () => {
    expect(parseJsonObject('')).toEqual({});
    expect(parseJsonObject('{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonObject('[1]')).toBeNull();
    expect(parseJsonObject('{a')).toBeNull();
    expect(parseAccuracies('50, 20.5')).toEqual([50, 20.5]);
    expect(parseAccuracies('')).toEqual([]);
    expect(parseAccuracies('5,,6')).toBeNull();
    expect(parseAccuracies('x')).toBeNull();
  });

  it('asks for names, kinds, providers and JSON objects in the spec words', () => {
    expect(checkProvider({ name: ' ', kind: '', configuration: '[]' })).toEqual({
      name: VALIDATION.required,
      kind: VALIDATION.required,
      configuration: VALIDATION.invalidField,
    });
    expect(checkProvider({ name: 'A', kind: 'rtmp', configuration: '' })).toEqual({});
    expect(checkProfile({ providerId: null, name: 'Main', isMain: true, settings: '' })).toEqual({ providerId: VALIDATION.required });
  });

  it('keeps media profile values within 0-2147483647, integers, min not above max', () => {
    const ok = { ...mediaForm(null), name: 'HD', minResolution: '720', maxResolution: '1080', fps: '50', bitrate: '6000' };
    expect(checkMedia(ok)).toEqual({});
    expect(mediaBody(ok)).toMatchObject({ minResolution: 720, maxResolution: 1080, fps: 50, bitrate: 6000, attributes: {} });
    expect(checkMedia({ ...ok, bitrate: '2147483648', fps: '-1', minResolution: '1.5' })).toEqual({
      bitrate: VALIDATION.streamMediaProfileValue,
      fps: VALIDATION.streamMediaProfileValue,
      minResolution: VALIDATION.integer,
    });
    expect(checkMedia({ ...ok, bitrate: '2147483647' })).toEqual({});
    expect(checkMedia({ ...ok, minResolution: '1080', maxResolution: '720' })).toEqual({ maxResolution: VALIDATION.minResolutionAboveMax });
    expect(checkMedia({ ...ok, fps: '' })).toEqual({ fps: VALIDATION.required });
  });

  it('wants one non-negative accuracy per geocoder and a percentage up to 100', () => {
    const ok = { ...geocodingForm(null), name: 'Geo', geocoders: ['osm', 'google'], accuracies: '10, 20' };
    expect(checkGeocoding(ok)).toEqual({});
    expect(geocodingBody(ok)).toMatchObject({ geocoders: ['osm', 'google'], accuracies: [10, 20], refreshIntervals: { moving: 60, idle: 600 } });
    expect(checkGeocoding({ ...ok, accuracies: '10' })).toEqual({ accuracies: VALIDATION.accuraciesMatchGeocoders });
    expect(checkGeocoding({ ...ok, accuracies: '10, -1' })).toEqual({ accuracies: VALIDATION.minValue(0) });
    expect(checkGeocoding({ ...ok, accuracies: 'ten' })).toEqual({ accuracies: VALIDATION.number });
    expect(checkGeocoding({ ...ok, geocoders: [], accuracies: '' })).toEqual({ geocoders: VALIDATION.required });
    expect(checkGeocoding({ ...ok, percentageThreshold: '101', moving: '1.5' })).toEqual({
      percentageThreshold: VALIDATION.maxValue(100),
      moving: VALIDATION.integer,
    });
  });
});
