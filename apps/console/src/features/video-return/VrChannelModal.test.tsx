/**
 * The video return channel's modal (spec 001 §2 "video return: configuration and feed sharing",
 * §5 SRT key rule, §6 read-only users): the configuration's SRT passphrase checked in the spec's
 * words before anything is sent, and a read-only user's configuration and sharing without write
 * controls.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { Role } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { vrChannel } from '../../test-utils/vrChannels';
import VrChannelModal from './VrChannelModal';

const channel = vrChannel('VR-1', {
  name: 'Newsroom_return',
  inventoryIds: ['inv1'],
  groupIds: ['g1'],
  configuration: { inputType: 'sdi', url: null, passphrase: null, destinationPort: null, latency: null },
});

async function openModal(roles: Role[], tab = 'configuration') {
  const api = new FakeApi().on('getVrChannelInputSources', {
    uniqueId: 'VR-1',
    selected: 'sdi',
    available: ['disabled', 'sdi', 'srt'],
    status: 'idle',
    version: 1,
  });
  const rendered = await renderWithApp(<VrChannelModal uniqueId="VR-1" channel={channel} loading={false} onClose={() => undefined} />, {
    roles,
    api,
    route: `/video_return?vr=VR-1&tab=${tab}`,
  });
  await screen.findByTestId('vr-modal');
  return rendered;
}

describe('Video return: the channel’s configuration', () => {
  it('shows a short SRT key, then a key with spaces, in the spec’s words and sends nothing', async () => {
    const { user, api } = await openModal(['luc_regular']);

    await user.selectOptions(await screen.findByTestId('vr-config-inputType'), 'srt');
    await fill(user, screen.getByTestId('vr-config-url'), 'srt://vr.example.net:9000');
    await fill(user, screen.getByTestId('vr-config-passphrase'), 'short1');
    await user.click(screen.getByTestId('channel-apply-vrConfiguration'));
    expect(await screen.findByTestId('vr-error.channel.passphrase')).toHaveTextContent(VALIDATION.betweenChars(10, 64));
    await fill(user, screen.getByTestId('vr-config-passphrase'), 'has spaces and !');
    await waitFor(() => expect(screen.getByTestId('vr-error.channel.passphrase')).toHaveTextContent(VALIDATION.mustMatchPattern));
    expect(api.calls('updateVrChannel')).toHaveLength(0);
  }, 20_000);
});

describe('Video return: a read-only user', () => {
  it('sees the configuration and the sharing without write controls, Apply said not available for the user type', async () => {
    const { user } = await openModal(['luc_read']);

    expect(screen.getByTestId('vr-modal')).toHaveAttribute('data-read-only', 'true');
    expect(await screen.findByTestId('vr-config-name')).toBeDisabled();
    expect(screen.getByTestId('vr-config-inputType')).toBeDisabled();
    expect(screen.queryByTestId('channel-apply-vrConfiguration')).not.toBeInTheDocument();
    const unavailable = screen.getByTestId('channel-apply-unavailable-vrConfiguration');
    expect(unavailable).toHaveTextContent('Not available for your user type');
    await user.hover(unavailable);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not available for your user type');

    await user.click(screen.getByTestId('vr-tab-sharing'));
    expect(await screen.findByTestId('vr-sharing-groups')).toHaveTextContent('Group 1');
    expect(screen.queryByTestId('channel-apply-vrSharing')).not.toBeInTheDocument();
    expect(screen.getByTestId('channel-apply-unavailable-vrSharing')).toBeVisible();
    expect(within(screen.getByTestId('vr-modal')).queryAllByTestId(/^vr-sharing-group-/)).toHaveLength(0);
  }, 20_000);
});

describe('Video return: what the server reports about the channel (spec 001 §3 Video return channel)', () => {
  it('shows its input parameters, URL data and multipoint streaming statuses, and says none where it reports nothing', async () => {
    const reported = vrChannel('VR-2', {
      inputParameters: { resolution: '1080i50', audioChannels: 2 },
      urlData: { publicUrl: 'srt://vr.example.net:9000' },
      p2MPStreamingStatuses: [
        { unit: 'LU-A', state: 'streaming' },
        { unit: 'LU-B', state: 'idle' },
      ],
    });
    const { unmount } = await renderWithApp(<VrChannelModal uniqueId="VR-2" channel={reported} loading={false} onClose={() => undefined} />, {
      roles: ['luc_read'],
      api: new FakeApi().on('getVrChannelInputSources', { uniqueId: 'VR-2', selected: 'sdi', available: ['sdi'], status: 'idle', version: 1 }),
      route: '/video_return?vr=VR-2&tab=configuration',
    });
    expect(await screen.findByTestId('vr-input-parameters')).toHaveTextContent('audioChannels: 2, resolution: 1080i50');
    expect(screen.getByTestId('vr-url-data')).toHaveTextContent('publicUrl: srt://vr.example.net:9000');
    expect(screen.getByTestId('vr-p2mp-statuses')).toHaveTextContent('state: streaming, unit: LU-A; state: idle, unit: LU-B');
    unmount();
    await openModal(['luc_read']);
    expect(await screen.findByTestId('vr-input-parameters')).toHaveTextContent('—');
  });
});
