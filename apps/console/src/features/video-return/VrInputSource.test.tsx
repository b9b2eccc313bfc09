/**
 * The video return channel's input source switched at once from the configuration tab (GET and
 * POST v2/vrChannels/{id}/inputSources): the sources the channel offers, the switch sent at the
 * version read, SRT held back until the channel has its SRT address, the device's refusal in the
 * catalogue's words, and read-only users seeing the source only.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { Role, VrChannelDetail, VrChannelInputSources } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { VrConfigurationTab } from './VrConfigurationTab';
import { vrChannel } from '../../test-utils/vrChannels';

function sources(overrides: Partial<VrChannelInputSources> = {}): VrChannelInputSources {
  return { uniqueId: 'VR-1', selected: 'disabled', available: ['disabled', 'sdi', 'srt'], status: 'idle', version: 5, ...overrides };
}

async function openTab(api: FakeApi, channel: VrChannelDetail = vrChannel('VR-1', { name: 'Studio_return' }), roles: Role[] = ['luc_regular']) {
  const rendered = await renderWithApp(<VrConfigurationTab channel={channel} roles={roles} />, { roles, api });
  await screen.findByTestId('vr-input-source');
  return rendered;
}

describe('Video return: the input source', () => {
  it('switches to a source the channel offers, at the version read', async () => {
    const api = new FakeApi()
      .on('getVrChannelInputSources', sources())
      .on('setVrChannelInputSource', ({ body }) => sources({ selected: body.inputType, version: 6 }));
    const { user } = await openTab(api);
    await waitFor(() => expect(screen.getByTestId('vr-input-source')).toHaveAttribute('data-selected', 'disabled'));

    await user.click(screen.getByRole('radio', { name: 'SDI' }));
    await waitFor(() => expect(api.calls('setVrChannelInputSource')).toHaveLength(1));
    expect(api.calls('setVrChannelInputSource')[0]).toMatchObject({ url: '/api/v2/vrChannels/VR-1/inputSources', body: { inputType: 'sdi', version: 5 } });
    await waitFor(() => expect(screen.getByTestId('vr-input-source')).toHaveAttribute('data-selected', 'sdi'));
    expect(await screen.findByText('Studio_return now takes its input from SDI')).toBeVisible();
  });

  it('holds SRT back until the channel has its SRT address', async () => {
    const api = new FakeApi().on('getVrChannelInputSources', sources());
    await openTab(api);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'SRT' })).toBeDisabled());
    expect(screen.getByTestId('vr-input-source-srt-hint')).toBeVisible();
  });

  it('shows the device’s refusal in the catalogue’s words', async () => {
    const api = new FakeApi().on('getVrChannelInputSources', sources()).on('setVrChannelInputSource', apiError('DEVICE_UNREACHABLE'));
    const { user } = await openTab(
      api,
      vrChannel('VR-1', { configuration: { inputType: 'disabled', url: 'srt://10.0.0.1:9000', passphrase: null, destinationPort: null, latency: null } }),
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: 'SRT' })).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: 'SRT' }));
    expect(await screen.findByTestId('vr-input-source-error')).toHaveTextContent(ERROR_CATALOGUE.DEVICE_UNREACHABLE.message);
  });

  it('shows read-only users the source without a switch', async () => {
    const api = new FakeApi().on('getVrChannelInputSources', sources({ selected: 'sdi' }));
    await openTab(api, undefined, ['luc_read']);
    expect(await screen.findByTestId('vr-input-source-value')).toHaveTextContent('SDI');
    expect(screen.queryByTestId('vr-input-source-pick')).not.toBeInTheDocument();
  });
});
