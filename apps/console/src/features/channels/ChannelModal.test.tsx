import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { ChannelDetails, Role } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import ChannelModal from './ChannelModal';
import { makeChannel } from '../../test-utils/channels';
import { makeChannelDetails } from '../../test-utils/channelDetails';

function details(version = 6): ChannelDetails {
  return makeChannelDetails(makeChannel({ channelId: 'ch1', channelName: 'Studio_out', serverId: 'srv1', version }), {
    outputLicence: { licensed: 2, used: 2 },
  });
}

async function renderModal(roles: Role[], api = new FakeApi()) {
  const rendered = await renderWithApp(<ChannelModal channelId="ch1" onClose={() => undefined} />, {
    roles,
    api: api.on('fetchChannelDetails', { channels: [details()] }),
    route: '/channels?channel=ch1&tab=general',
  });
  await screen.findByTestId('channel-form-general');
  return rendered;
}

describe('the manage-channel modal: General tab (PUT v2/admin/channels/{id})', () => {
  it('checks the port and the name in the spec’s words before sending', async () => {
    const { user, api } = await renderModal(['super_user']);

    await fill(user, screen.getByTestId('channel-general-port'), '70000');
    await fill(user, screen.getByTestId('channel-general-name'), 'Studio out');
    await user.click(screen.getByTestId('channel-apply-general'));

    expect(await screen.findByTestId('channel-error-general.port')).toHaveTextContent(VALIDATION.maxValue(65535));
    expect(screen.getByTestId('channel-error-general.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    expect(api.calls('updateAdminChannel')).toHaveLength(0);
  });

  it('applies the general fields at the version read and says so', async () => {
    const api = new FakeApi().on('updateAdminChannel', () => details(7));
    const { user } = await renderModal(['super_user'], api);

    await fill(user, screen.getByTestId('channel-general-name'), 'Studio_main');
    await user.click(screen.getByTestId('channel-general-recording'));
    await user.click(screen.getByTestId('channel-apply-general'));

    await waitFor(() => expect(api.calls('updateAdminChannel')).toHaveLength(1));
    const [call] = api.calls('updateAdminChannel');
    expect(call?.params).toEqual({ id: 'ch1' });
    expect(call?.body).toMatchObject({ name: 'Studio_main', recording: true, port: 5000, mode: null, flavor: null, version: 6 });
    expect(await screen.findByTestId('toasts')).toHaveTextContent('Channel Studio_main saved');
  });

  it('shows the core’s output licence refusal as it words it', async () => {
    const message = 'Output channel license is exceeded (the server supports up to 2 output channels)';
    const api = new FakeApi().on('updateAdminChannel', apiError('OUTPUT_CHANNEL_LICENSE_EXCEEDED', undefined, message));
    const { user } = await renderModal(['super_user'], api);

    await user.click(screen.getByTestId('channel-general-output'));
    await user.click(screen.getByTestId('channel-apply-general'));

    expect(await screen.findByTestId('channel-failure-general')).toHaveTextContent(message);
  });

  it('shows a read-only user the values without Apply (spec 001 §6)', async () => {
    await renderModal(['luc_read']);
    expect(screen.getByTestId('channel-modal-read-only')).toBeVisible();
    expect(screen.getByTestId('channel-general-name')).toBeDisabled();
    expect(screen.getByTestId('channel-general-name')).toHaveValue('Studio_out');
    expect(screen.queryByTestId('channel-apply-general')).not.toBeInTheDocument();
    expect(screen.getByTestId('channel-apply-unavailable-general')).toHaveTextContent('Not available for your user type');
  });
});
