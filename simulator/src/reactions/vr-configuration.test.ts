import { describe, expect, it } from 'vitest';
import type { ServerCommand } from '@fleet/contracts';
import { harness } from '../testing/harness.js';
import { reactToServerCommand } from './server-commands.js';

const configure = (vrChannelId: string, inputType: unknown): ServerCommand => ({
  type: 'configureVrChannel',
  vrChannelId,
  setting: 'configuration',
  payload: { inputType: inputType as string, url: null, passphrase: null, destinationPort: null, latency: null },
});

describe('video return configuration reactions of a server', () => {
  it('shows the input type in the reported status: disabled → idle, SDI or SRT → input connected', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    expect(hub.vrChannels.get('VR-1')!.status).toBe('inputConnected');
    expect(reactToServerCommand(hub, configure('VR-1', 'disabled'))).toEqual({ ok: true });
    expect(h.events('vrChannelState').at(-1)).toMatchObject({ vrChannelId: 'VR-1', status: 'idle' });
    expect(reactToServerCommand(hub, configure('VR-1', 'srt'))).toEqual({ ok: true });
    expect(h.events('vrChannelState').at(-1)).toMatchObject({ vrChannelId: 'VR-1', status: 'inputConnected' });
  });

  it('cuts a unit collecting from a channel whose input is disabled', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    expect(hub.takeVideoReturn('U1', 'VR-2')?.status).toBe('collecting');
    reactToServerCommand(hub, configure('VR-2', 'disabled'));
    expect(hub.vrChannels.get('VR-2')).toMatchObject({ status: 'idle', collectingFor: null });
  });

  it('refuses an unknown channel, an unknown input type, and everything while the server is offline', () => {
    const hub = harness().world.server('MMH-1')!;
    expect(reactToServerCommand(hub, configure('VR-9', 'sdi'))).toEqual({ ok: false, error: 'NOT_FOUND' });
    expect(reactToServerCommand(hub, configure('VR-1', 'hdmi'))).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
    hub.setPower(false);
    expect(reactToServerCommand(hub, configure('VR-1', 'sdi'))).toEqual({ ok: false, error: 'DEVICE_UNREACHABLE' });
  });
});
