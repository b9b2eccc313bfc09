import { describe, expect, it } from 'vitest';
import { AddInputSourceBody, BANDWIDTH_CAP_OPTIONS, UpdateAdminChannelBody, UpdatePtmpBody, VALIDATION } from '@fleet/contracts';
import { checkSchema } from '../../lib/forms/fieldErrors';
import { channelGeneral } from '../../test-utils/channelDetails';
import { BLANK_INPUT_SOURCE, bwLimitBody, bwLimitForm, generalBody, generalForm, inputSourceBody, multipointBody, tallyBody } from './channelForms';

const general = channelGeneral('cam_1', { mode: 'cdn', port: 8000 });

describe('manage-channel forms', () => {
  it('the general form round-trips into a body the admin call accepts', () => {
    const body = generalBody(generalForm(general), 7);
    expect(body).toMatchObject({ name: 'cam_1', mode: 'cdn', port: 8000, sdiNo: null, flavor: null, version: 7 });
    expect(checkSchema(UpdateAdminChannelBody, body)).toEqual({});
  });

  it('shows the spec messages for a bad name and a bad port', () => {
    const form = { ...generalForm(general), name: 'bad name!', port: 'abc' };
    const errors = checkSchema(UpdateAdminChannelBody, generalBody(form, 1));
    expect(errors.name).toBe(VALIDATION.unitNameCharacters);
    expect(errors.port).toBeDefined();
    const high = checkSchema(UpdateAdminChannelBody, generalBody({ ...generalForm(general), port: '70000' }, 1));
    expect(high.port).toBe(VALIDATION.maxValue(65535));
  });

  it('SMPTE 2110 and an emptied tally become the stored values', () => {
    expect(generalBody({ ...generalForm(general), smpte: true }, 1).flavor).toBe('SMPTE2110');
    expect(tallyBody({ tally: '  ' }, 2)).toEqual({ tally: null, version: 2 });
  });

  it('multipoint receivers: one a line, blanks and repeats dropped', () => {
    const body = multipointBody({ machines: 'u1\n\n u2 \nu1' }, 'ch1');
    expect(body).toEqual({ uniqueID: 'ch1', machines: [{ uid: 'u1' }, { uid: 'u2' }] });
    expect(checkSchema(UpdatePtmpBody, body)).toEqual({});
  });

  it('bandwidth limit: a stored value shows as its cap option, else custom', () => {
    expect(bwLimitForm(null, BANDWIDTH_CAP_OPTIONS)).toEqual({ limit: 'disabled', customKbps: '' });
    expect(bwLimitForm(4200, BANDWIDTH_CAP_OPTIONS)).toEqual({ limit: '4.2', customKbps: '' });
    expect(bwLimitForm(2500, BANDWIDTH_CAP_OPTIONS)).toEqual({ limit: 'custom', customKbps: '2500' });
    expect(bwLimitBody({ limit: 'custom', customKbps: '2500' }, 'c')).toEqual({ channelIds: ['c'], limit: 'custom', customKbps: 2500 });
    expect(bwLimitBody({ limit: '8.0', customKbps: '' }, 'c')).toEqual({ channelIds: ['c'], limit: '8.0' });
  });
});

describe('streaming destination form', () => {
  it('sends the fields of its type, and the schema words the SRT key and port rules as the spec does', async () => {
    const { AddDestinationBody } = await import('@fleet/contracts');
    const { BLANK_DESTINATION, destinationBody } = await import('./channelForms');
    const cdn = destinationBody({ ...BLANK_DESTINATION, name: 'yt', provider: 'YouTube', urlPrimary: 'rtmp://a/live', streamId: 'k1' }, 'ch1');
    expect(cdn.destination).toEqual({ type: 'cdn', name: 'yt', provider: 'YouTube', streamType: 'main', urlPrimary: 'rtmp://a/live', streamId: 'k1' });
    expect(checkSchema(AddDestinationBody, cdn)).toEqual({});

    const srt = destinationBody(
      { ...BLANK_DESTINATION, type: 'srt', name: 's', provider: 'p', urlPrimary: 'srt://h:9000', sourcePort: '555', passphrase: 'short!' },
      'ch1',
    );
    const errors = checkSchema(AddDestinationBody, srt);
    expect(errors['destination.sourcePort']).toBe(VALIDATION.sourcePortRange);
    expect(errors['destination.passphrase']).toBeDefined();

    const ts = destinationBody(
      { ...BLANK_DESTINATION, type: 'mpegts', name: 't', provider: 'p', mpegTsIp: '10.0.0.1', mpegTsPort: '70000', mpegTsBitrate: '1000' },
      'ch1',
    );
    const tsErrors = checkSchema(AddDestinationBody, ts);
    expect(tsErrors['destination.mpegTsPort']).toBe(VALIDATION.maxValue(65535));
    expect(tsErrors['destination.mpegTsBitrate']).toBe(VALIDATION.minValue(2000));
  });
});

describe('editing a streaming destination', () => {
  it('shows the stored fields (no secrets) and sends them back with the id and version', async () => {
    const { UpdateDestinationBody } = await import('@fleet/contracts');
    const { destinationForm, destinationUpdateBody } = await import('./channelForms');
    const info = {
      id: 'd1',
      channelId: 'ch1',
      type: 'srt' as const,
      name: 'venue',
      provider: 'p',
      streamType: 'backup' as const,
      urlPrimary: 'srt://h:1',
      urlSecondary: null,
      streamId: null,
      username: null,
      hasPassword: false,
      videoProfile: null,
      bitrate: null,
      resolution: null,
      frameRate: null,
      srtMode: 'listener' as const,
      sourcePort: 9000,
      hasPassphrase: true,
      latency: 200,
      mpegTsIp: null,
      mpegTsPort: null,
      mpegTsBitrate: null,
      ffmpegOverride: null,
      active: false,
      version: 4,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const form = destinationForm(info);
    expect(form).toMatchObject({ type: 'srt', srtMode: 'listener', sourcePort: '9000', latency: '200', passphrase: '' });
    const body = destinationUpdateBody(form, 'ch1', info);
    expect(body).toMatchObject({ channelId: 'ch1', id: 'd1', version: 4, destination: { type: 'srt', sourcePort: 9000, latency: 200, streamType: 'backup' } });
    expect('passphrase' in body.destination).toBe(false);
    expect(checkSchema(UpdateDestinationBody, body)).toEqual({});
  });

  it('keeps the video settings on an edit, and checks the bitrate and resolution with the spec rules', async () => {
    const { AddDestinationBody, UpdateDestinationBody } = await import('@fleet/contracts');
    const { BLANK_DESTINATION, destinationBody, destinationForm, destinationUpdateBody } = await import('./channelForms');
    const info = {
      id: 'd2',
      channelId: 'ch1',
      type: 'cdn' as const,
      name: 'yt',
      provider: 'YouTube',
      streamType: 'main' as const,
      urlPrimary: 'rtmp://a/live',
      urlSecondary: null,
      streamId: 'k1',
      username: null,
      hasPassword: false,
      videoProfile: 'HQ h264',
      bitrate: 6000,
      resolution: '1080p50',
      frameRate: '50',
      srtMode: null,
      sourcePort: null,
      hasPassphrase: false,
      latency: null,
      mpegTsIp: null,
      mpegTsPort: null,
      mpegTsBitrate: null,
      ffmpegOverride: null,
      active: true,
      version: 2,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const form = destinationForm(info);
    expect(form).toMatchObject({ videoProfile: 'HQ h264', bitrate: '6000', resolution: '1080p50', frameRate: '50' });
    const body = destinationUpdateBody(form, 'ch1', info);
    expect(body.destination).toMatchObject({ videoProfile: 'HQ h264', bitrate: 6000, resolution: '1080p50', frameRate: '50' });
    expect(checkSchema(UpdateDestinationBody, body)).toEqual({});
    // A resolution outside the §9 list reads as none (nothing invented); the blank form sends none of them.
    expect(destinationForm({ ...info, resolution: '4K' }).resolution).toBe('');
    const blank = destinationBody({ ...BLANK_DESTINATION, name: 'yt', provider: 'YouTube', urlPrimary: 'rtmp://a/live', streamId: 'k1' }, 'ch1').destination;
    expect(['videoProfile', 'bitrate', 'resolution', 'frameRate'].filter((k) => k in blank)).toEqual([]);

    const low = destinationBody({ ...BLANK_DESTINATION, type: 'ffmpeg', name: 'f', provider: 'p', ffmpegOverride: '-c copy', bitrate: '1999' }, 'ch1');
    expect(checkSchema(AddDestinationBody, low)['destination.bitrate']).toBe(VALIDATION.minValue(2000));
    const high = destinationBody({ ...BLANK_DESTINATION, type: 'ffmpeg', name: 'f', provider: 'p', ffmpegOverride: '-c copy', bitrate: '8001' }, 'ch1');
    expect(checkSchema(AddDestinationBody, high)['destination.bitrate']).toBe(VALIDATION.maxValue(8000));
    expect(
      checkSchema(AddDestinationBody, { channelId: 'ch1', destination: { ...low.destination, bitrate: 4000, resolution: '2160p60' } })[
        'destination.resolution'
      ],
    ).toBeDefined();
  });

  it('an input source of each kind becomes a body the call accepts, with only the fields of its kind', () => {
    const base = { ...BLANK_INPUT_SOURCE, name: ' cam ' };
    const bodies = [
      inputSourceBody({ ...base, kind: 'encoder', rtspUrl: 'rtsp://10.0.0.5/stream' }),
      inputSourceBody({ ...base, kind: 'srt', sourcePort: '9000', passphrase: 'LongEnoughKey42', url: '' }),
      inputSourceBody({ ...base, kind: 'rtmp', url: 'rtmp://ingest/live' }),
      inputSourceBody({ ...base, kind: 'webrtc', port: '8443' }),
    ];
    for (const body of bodies) expect(checkSchema(AddInputSourceBody, body)).toEqual({});
    expect(bodies[0]).toEqual({ kind: 'encoder', name: 'cam', rtspUrl: 'rtsp://10.0.0.5/stream' });
    expect(bodies[1]).toEqual({ kind: 'srt', name: 'cam', mode: 'listener', sourcePort: 9000, passphrase: 'LongEnoughKey42', latency: 120 });
    expect(bodies[2]).toEqual({ kind: 'rtmp', name: 'cam', url: 'rtmp://ingest/live' });
  });

  it('input sources show the spec messages: RTSP URL, WebRTC port, SRT key and source port', () => {
    const errors = (form: Partial<typeof BLANK_INPUT_SOURCE>) =>
      checkSchema(AddInputSourceBody, inputSourceBody({ ...BLANK_INPUT_SOURCE, name: 'cam', ...form }));
    expect(errors({ kind: 'encoder', rtspUrl: `rtsp://h/${'a'.repeat(250)}` }).rtspUrl).toBe(VALIDATION.max256);
    expect(errors({ kind: 'encoder', rtspUrl: 'rtsp://hôte/x' }).rtspUrl).toBe(VALIDATION.asciiOnly);
    expect(errors({ kind: 'webrtc', port: '65354' }).port).toBe(VALIDATION.maxValue(65353));
    expect(errors({ kind: 'webrtc', port: '0' }).port).toBe(VALIDATION.minValue(1));
    expect(errors({ kind: 'srt', sourcePort: '555' }).sourcePort).toBe(VALIDATION.sourcePortRange);
    expect(errors({ kind: 'srt', sourcePort: '9000', passphrase: 'short' }).passphrase).toBe(VALIDATION.minChars(10));
    expect(errors({ kind: 'srt', sourcePort: '9000', passphrase: 'with-dash-key' }).passphrase).toBe(VALIDATION.noSpecialCharacters);
  });
});
