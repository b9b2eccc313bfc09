import { describe, expect, it } from 'vitest';
import { AudioJacksUpdateBody, IntercomUpdateBody, LIMITS, MultipleCameraChannelUpdateBody, UNIT_CONFIG_BOUNDS, VALIDATION } from '@fleet/contracts';
import { checkSchema } from '../../lib/forms/fieldErrors';
import {
  audioJackDrafts,
  audioJacksBody,
  DEFAULT_JACK_VOLUME,
  externalStreamBody,
  externalStreamErrors,
  gatewayAddress,
  gatewayChoices,
  intercomBody,
  intercomValues,
  multiCameraChannelBody,
  sdiInputErrors,
  switcherBody,
  switcherChannelErrors,
  switcherErrors,
  switcherFieldErrors,
} from './settingsForms';

/** The forms' rules where they are their call's schema (useConfigForm's default). */
const multiCameraChannelErrors = (values: { channelId: string }) => checkSchema(MultipleCameraChannelUpdateBody, multiCameraChannelBody(values));
const audioJacksErrors = (drafts: Parameters<typeof audioJacksBody>[0]) => checkSchema(AudioJacksUpdateBody, audioJacksBody(drafts));
const intercomErrors = (n: 1 | 2, values: Parameters<typeof intercomBody>[1]) => checkSchema(IntercomUpdateBody, intercomBody(n, values));

describe('multi camera and switcher channels', () => {
  it('requires a channel id of at most 128 characters, trimmed', () => {
    expect(multiCameraChannelErrors({ channelId: '  ' })).toEqual({ channelId: VALIDATION.required });
    expect(multiCameraChannelErrors({ channelId: 'x'.repeat(129) })).toEqual({ channelId: VALIDATION.maxChars(128) });
    expect(multiCameraChannelErrors({ channelId: ' MMH-0001-CH1 ' })).toEqual({});
    expect(multiCameraChannelBody({ channelId: ' MMH-0001-CH1 ' })).toEqual({ channelId: 'MMH-0001-CH1' });
  });

  it('keeps the high quality and proxy channels apart', () => {
    expect(switcherChannelErrors('CH1', 'CH1')).toEqual({ channelId: VALIDATION.proxySameAsHighQuality });
    expect(switcherChannelErrors('CH1', 'CH2')).toEqual({});
    expect(switcherChannelErrors('', null)).toEqual({ channelId: VALIDATION.required });
  });

  it('needs a distinct proxy channel and an SDI input for switcher and proxy, every problem at once', () => {
    expect(switcherErrors('switcher', { highQualityChannel: 'CH1', proxyChannel: '', inputSdi: null })).toEqual({});
    expect(switcherErrors('switcherAndProxy', { highQualityChannel: 'CH1', proxyChannel: 'CH1', inputSdi: null })).toEqual({
      proxyChannel: VALIDATION.proxySameAsHighQuality,
      inputSdi: VALIDATION.required,
    });
    expect(switcherErrors('switcherAndProxy', { highQualityChannel: ' ', proxyChannel: '', inputSdi: 1 })).toEqual({
      highQualityChannel: VALIDATION.required,
      proxyChannel: VALIDATION.required,
    });
    expect(switcherBody('switcher', { highQualityChannel: ' CH1 ', proxyChannel: 'CH2', inputSdi: 2 })).toEqual({
      mode: 'switcher',
      highQualityChannel: 'CH1',
      proxyChannel: null,
      inputSdi: 2,
    });
  });

  it("checks one switcher field applied alone with that call's rules, under the form's field", () => {
    const current = { mode: 'switcherAndProxy' as const, highQualityChannel: 'CH1', proxyChannel: 'CH2', inputSdi: 1 };
    const values = { highQualityChannel: 'CH2', proxyChannel: '', inputSdi: null };
    expect(switcherFieldErrors('highQualityChannel', 'switcherAndProxy', values, current)).toEqual({ highQualityChannel: VALIDATION.proxySameAsHighQuality });
    expect(switcherFieldErrors('highQualityChannel', 'switcher', values, current)).toEqual({});
    expect(switcherFieldErrors('proxyChannel', 'switcherAndProxy', values, current)).toEqual({ proxyChannel: VALIDATION.required });
    expect(switcherFieldErrors('inputSdi', 'switcherAndProxy', values, current)).toEqual({ inputSdi: VALIDATION.required });
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
    expect(audioJacksErrors([{ ...drafts[0]!, volume: UNIT_CONFIG_BOUNDS.volumeMax + 1 }])).toEqual({
      'jacks.0.volume': VALIDATION.maxValue(UNIT_CONFIG_BOUNDS.volumeMax),
    });
    expect(audioJacksErrors([drafts[0]!, { ...drafts[1]!, volume: -1 }])).toEqual({ 'jacks.1.volume': VALIDATION.minValue(0) });
    expect(audioJacksErrors([{ ...drafts[0]!, volume: '' }])).toEqual({ 'jacks.0.volume': VALIDATION.required });
    expect(audioJacksErrors([{ ...drafts[0]!, volume: 'loud' }])).toEqual({ 'jacks.0.volume': VALIDATION.number });
    expect(audioJacksErrors([{ ...drafts[0]!, volume: 2.5 }])).toEqual({ 'jacks.0.volume': VALIDATION.integer });
  });

  it('sends the jacks with their numbers', () => {
    expect(audioJacksBody([{ jack: 1, intercom: null, volume: '40', muted: true }])).toEqual({ jacks: [{ jack: 1, intercom: null, volume: 40, muted: true }] });
  });
});

describe('intercoms', () => {
  const configuration = { intercoms: [{ mode: 'targetChannel' as const, audioRoomId: null, targetChannelId: 'CH1', destinationAccount: null }] };

  it('start from the configuration (an audio room when the unit has none)', () => {
    expect(intercomValues(configuration, 1)).toEqual({ mode: 'targetChannel', audioRoomId: '', targetChannelId: 'CH1', destinationAccount: '' });
    expect(intercomValues(configuration, 2).mode).toBe('audioRoom');
  });

  it("require the chosen mode's target and send only it", () => {
    expect(intercomErrors(1, { mode: 'audioRoom', audioRoomId: ' ', targetChannelId: 'CH1', destinationAccount: '' })).toEqual({
      audioRoomId: VALIDATION.required,
    });
    expect(intercomErrors(2, { mode: 'targetChannel', audioRoomId: 'R1', targetChannelId: '', destinationAccount: '' })).toEqual({
      targetChannelId: VALIDATION.required,
    });
    expect(intercomErrors(1, { mode: 'audioRoom', audioRoomId: 'R1', targetChannelId: '', destinationAccount: 'x'.repeat(256) })).toEqual({
      destinationAccount: VALIDATION.max255,
    });
    expect(intercomBody(1, { mode: 'audioRoom', audioRoomId: ' R1 ', targetChannelId: 'CH1', destinationAccount: ' ' })).toEqual({
      intercom: 1,
      mode: 'audioRoom',
      audioRoomId: 'R1',
      targetChannelId: null,
      destinationAccount: null,
    });
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
  const gateway = (id: string, name: string, port: number | null = null) => ({
    id,
    name,
    host: `${id}.example.net`,
    port,
    status: 'online',
    inventoryId: null,
  });
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
