import { describe, expect, it } from 'vitest';
import { LIMITS, UNIT_CONFIG_BOUNDS, VALIDATION } from '@fleet/contracts';
import {
  audioJackDrafts, audioJacksBody, audioJacksErrors, DEFAULT_JACK_VOLUME, externalStreamBody, externalStreamErrors, multiCameraChannelBody,
  gatewayAddress, gatewayChoices, multiCameraChannelErrors, numberValue, sdiInputErrors, switcherChannelErrors,
} from './settingsForms';

describe('multi camera and switcher channels', () => {
  it('requires a channel id of at most 128 characters, trimmed', () => {
    expect(multiCameraChannelErrors('  ')).toEqual({ channelId: VALIDATION.required });
    expect(multiCameraChannelErrors('x'.repeat(129))).toEqual({ channelId: VALIDATION.maxChars(128) });
    expect(multiCameraChannelErrors(' MMH-0001-CH1 ')).toEqual({});
    expect(multiCameraChannelBody(' MMH-0001-CH1 ')).toEqual({ channelId: 'MMH-0001-CH1' });
  });

  it('keeps the high quality and proxy channels apart', () => {
    expect(switcherChannelErrors('CH1', 'CH1')).toEqual({ channelId: VALIDATION.proxySameAsHighQuality });
    expect(switcherChannelErrors('CH1', 'CH2')).toEqual({});
    expect(switcherChannelErrors('', null)).toEqual({ channelId: VALIDATION.required });
  });

  it('requires an SDI input', () => {
    expect(sdiInputErrors(null)).toEqual({ inputSdi: VALIDATION.required });
    expect(sdiInputErrors(UNIT_CONFIG_BOUNDS.sdiInputs + 1)).toEqual({ inputSdi: VALIDATION.maxValue(UNIT_CONFIG_BOUNDS.sdiInputs) });
    expect(sdiInputErrors(1)).toEqual({});
  });
});

describe('audio jacks', () => {
  it('shows every jack, the reported ones as reported', () => {
    const drafts = audioJackDrafts({ audioJacks: [{ jack: 2, intercom: 1, volume: 70, muted: true }] });
    expect(drafts).toEqual([
      { jack: 1, intercom: 1, volume: DEFAULT_JACK_VOLUME, muted: false },
      { jack: 2, intercom: 1, volume: 70, muted: true },
    ]);
    expect(drafts).toHaveLength(UNIT_CONFIG_BOUNDS.audioJacks);
  });

  it('checks the volume against the schema limits with the spec wording', () => {
    const drafts = audioJackDrafts({ audioJacks: [] });
    expect(audioJacksErrors(drafts)).toEqual({});
    expect(audioJacksErrors([{ ...drafts[0]!, volume: UNIT_CONFIG_BOUNDS.volumeMax + 1 }])).toEqual({ 'jacks.0.volume': VALIDATION.maxValue(UNIT_CONFIG_BOUNDS.volumeMax) });
    expect(audioJacksErrors([drafts[0]!, { ...drafts[1]!, volume: -1 }])).toEqual({ 'jacks.1.volume': VALIDATION.minValue(0) });
    expect(audioJacksErrors([{ ...drafts[0]!, volume: '' }])).toEqual({ 'jacks.0.volume': VALIDATION.required });
    expect(audioJacksErrors([{ ...drafts[0]!, volume: 'loud' }])).toEqual({ 'jacks.0.volume': VALIDATION.number });
    expect(audioJacksErrors([{ ...drafts[0]!, volume: 2.5 }])).toEqual({ 'jacks.0.volume': VALIDATION.integer });
  });

  it('sends the jacks with their numbers', () => {
    expect(audioJacksBody([{ jack: 1, intercom: null, volume: '40', muted: true }])).toEqual({ jacks: [{ jack: 1, intercom: null, volume: 40, muted: true }] });
    expect(numberValue(' 12 ')).toBe(12);
    expect(numberValue('')).toBeUndefined();
    expect(numberValue('x')).toBeNaN();
  });
});

describe('social media / CDN forwarding', () => {
  it('sends only what was chosen', () => {
    expect(externalStreamBody('  ', null)).toEqual({});
    expect(externalStreamBody(' std-0001 ', 1080)).toEqual({ destinationId: 'std-0001', resolution: 1080 });
  });

  it('checks the destination id and the resolution', () => {
    expect(externalStreamErrors('x'.repeat(129), null)).toEqual({ destinationId: VALIDATION.maxChars(128) });
    expect(externalStreamErrors('', LIMITS.resolution + 1)).toEqual({ resolution: VALIDATION.maxValue(LIMITS.resolution) });
    expect(externalStreamErrors('std-0001', LIMITS.resolution)).toEqual({});
  });
});

describe('databridge gateway picker', () => {
  const gateway = (id: string, name: string, port: number | null = null) => ({ id, name, host: `${id}.example.net`, port, status: 'online', inventoryId: null });
  it('offers the available gateways by name, and keeps the selected one', () => {
    const a = gateway('dbg-2', 'Berlin');
    const b = gateway('dbg-1', 'Amsterdam');
    const old = gateway('dbg-9', 'Zurich');
    expect(gatewayChoices([a, b], null).map((g) => g.id)).toEqual(['dbg-1', 'dbg-2']);
    expect(gatewayChoices([a, b], old).map((g) => g.id)).toEqual(['dbg-1', 'dbg-2', 'dbg-9']);
    expect(gatewayChoices([a, b], a)).toHaveLength(2);
  });

  it('shows the port when there is one', () => {
    expect(gatewayAddress(gateway('dbg-1', 'A', 7000))).toBe('dbg-1.example.net:7000');
    expect(gatewayAddress(gateway('dbg-1', 'A'))).toBe('dbg-1.example.net');
  });
});
