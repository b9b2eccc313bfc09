import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import VideoReturnPage from './VideoReturn.page';
import { groupList, vrChannel } from '../../test-utils/vrChannels';

const channels = [
  vrChannel('VR-1', { name: 'Studio_return', status: 'idle', groupIds: ['g1'] }),
  vrChannel('VR-2', { name: 'Truck_return', status: 'inputConnected', groupIds: ['g1'] }),
  vrChannel('VR-3', { name: 'Backup_return', status: 'offline', groupIds: ['g1'] }),
  vrChannel('VR-4', { name: 'Field_return', status: 'idle', groupIds: ['g1'] }),
];

function count(status: string): string {
  return screen.getByTestId(`vr-counter-${status}`).textContent ?? '';
}

function shownNames(): string[] {
  return within(screen.getByTestId('grid-videoReturn'))
    .queryAllByTestId(/^vr-name-/)
    .map((cell) => cell.textContent ?? '');
}

async function renderPage(api = new FakeApi().on('listGroupVrChannels', groupList(channels, 'g1'))) {
  const rendered = await renderWithApp(<VideoReturnPage />, { api, route: '/video_return' });
  await screen.findByTestId('vr-row-VR-1');
  return rendered;
}

describe('/video_return', () => {
  it('reads the channels of the user’s group and counts them by status', async () => {
    const { api } = await renderPage();
    expect(api.calls('listGroupVrChannels')[0]?.params).toEqual({ groupId: 'g1' });
    expect(count('idle')).toBe('2');
    expect(count('inputConnected')).toBe('1');
    expect(count('offline')).toBe('1');
    expect(count('collecting')).toBe('0');
    expect(screen.getByTestId('vr-list-summary')).toHaveTextContent('4 of 4 video return channels');
  });

  it('filters by one status when its count is clicked, and back when clicked again', async () => {
    const { user } = await renderPage();

    await user.click(screen.getByTestId('vr-counter-button-idle'));
    await waitFor(() => expect(shownNames().sort()).toEqual(['Field_return', 'Studio_return']));
    expect(screen.getByTestId('vr-counter-button-idle')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('vr-list-summary')).toHaveTextContent('2 of 4 video return channels');

    // Another count replaces the filter rather than adding to it.
    await user.click(screen.getByTestId('vr-counter-button-collecting'));
    expect(await screen.findByTestId('grid-videoReturn-empty')).toHaveTextContent('No video return channel matches the filters.');
    expect(screen.getByTestId('vr-counter-button-idle')).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByTestId('vr-counter-button-collecting'));
    await waitFor(() => expect(shownNames()).toHaveLength(4));
  });

  it('moves a channel between the counts when /ws reports its status, without reading the list again', async () => {
    const api = new FakeApi().on('listGroupVrChannels', groupList(channels, 'g1'));
    const { socket, settled } = await renderPage(api);
    await settled();
    const reads = api.calls('listGroupVrChannels').length;

    await socket.emit({ type: 'vrChannel.status', vrChannelId: 'VR-1', status: 'collecting', previous: 'idle', at: 1 });

    expect(screen.getByTestId('vr-status-VR-1')).toHaveAttribute('data-status', 'collecting');
    expect(count('idle')).toBe('1');
    expect(count('collecting')).toBe('1');
    expect(api.calls('listGroupVrChannels')).toHaveLength(reads);
  });

  it('says when the group has no video return channel', async () => {
    await renderWithApp(<VideoReturnPage />, { api: new FakeApi().on('listGroupVrChannels', groupList([], 'g1')) });
    expect(await screen.findByTestId('vr-empty')).toBeVisible();
  });
});
