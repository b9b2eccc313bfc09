import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION } from '@fleet/contracts';
import { validateMultiCameraForm, validateSwitcherForm } from './multiCameraForm';

describe('multi camera form', () => {
  const ok = { numberOfFeeds: 2, channelSelectionMode: 'automatic' as const, customSelectedChannels: [], labels: ['CAM-1', 'CAM-2'] };

  it('accepts a valid form', () => {
    expect(validateMultiCameraForm(ok)).toEqual({});
  });

  it('limits labels to 12 characters and cameras to 4', () => {
    expect(validateMultiCameraForm({ ...ok, labels: ['CAM-1', 'A-very-long-label'] })).toEqual({ 'labels.1': VALIDATION.maxChars(LIMITS.cameraLabelMax) });
    expect(validateMultiCameraForm({ ...ok, numberOfFeeds: 5 }).numberOfFeeds).toBe(VALIDATION.maxValue(LIMITS.multiCameraMaxCameras));
  });

  it('needs custom channels, no more than the feeds', () => {
    expect(validateMultiCameraForm({ ...ok, channelSelectionMode: 'custom' }).customSelectedChannels).toBe(VALIDATION.required);
    expect(validateMultiCameraForm({ ...ok, channelSelectionMode: 'custom', customSelectedChannels: ['a', 'b', 'c'] }).customSelectedChannels).toBe(VALIDATION.maxElements);
  });
});

describe('switcher form', () => {
  it('needs a distinct proxy channel and an SDI input for switcher and proxy', () => {
    expect(validateSwitcherForm({ mode: 'switcher', highQualityChannel: 'CH1', proxyChannel: '', inputSdi: null })).toEqual({});
    expect(validateSwitcherForm({ mode: 'switcherAndProxy', highQualityChannel: 'CH1', proxyChannel: 'CH1', inputSdi: null })).toEqual({
      proxyChannel: VALIDATION.proxySameAsHighQuality,
      inputSdi: VALIDATION.required,
    });
    expect(validateSwitcherForm({ mode: 'switcher', highQualityChannel: ' ', proxyChannel: '', inputSdi: 1 }).highQualityChannel).toBe(VALIDATION.required);
  });
});
