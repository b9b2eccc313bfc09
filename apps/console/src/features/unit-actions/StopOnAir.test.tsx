import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countChannels } from '@fleet/domain';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeChannel } from '../../test-utils/channels';
import { makeDetail, makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitListPage from '../units/UnitList.page';
import { isOnAir, streamChannelName } from './stopOnAir';

const ID = 'LU800-0002';
const unit = makeUnit({ uniqueId: ID, name: 'Camera_south', status: 'streaming', applications: { video: { state: 'running' } } });
const output = makeChannel({ channelId: 'MMH-0001-CH2', channelName: 'MMH-1-CH2', serverName: 'Hub_north', status: 'collecting', allocatedToUnitUid: ID });

function api(tally: string | null) {
  const channels = [makeChannel({ channelId: 'MMH-0001-CH1', channelName: 'MMH-1-CH1' }), output];
  return new FakeApi()
    .on('fetchDevices', [unit])
    .on('getUnit', makeDetail({ ...unit, tally }))
    .on('fetchChannels', { channels, counters: countChannels(channels) })
    .on('stopUnitStream', { uniqueId: ID, action: 'stop', accepted: true, status: 'streaming' });
}

async function clickStop(tally: string | null, language: 'en' | 'zh' = 'en') {
  const rendered = await renderWithApp(<UnitListPage />, { api: api(tally), route: '/list', language });
  await rendered.user.click(await screen.findByTestId(`unit-stop-${ID}`));
  return rendered;
}

describe('stopping a stream on air asks first, naming the unit and the channel', () => {
  it('asks before stopping a unit on air (tally program), by the unit’s and the channel’s names and hub', async () => {
    const { api: fake, user } = await clickStop('program');
    const dialog = await screen.findByTestId('stop-on-air-confirm');
    expect(dialog).toBeVisible();
    expect(screen.getByTestId('stop-on-air-text')).toHaveTextContent('Camera_south is on air on MMH-1-CH2 (Hub_north).');
    expect(screen.getByTestId('stop-on-air-text')).not.toHaveTextContent('MMH-0001-CH2');
    expect(fake.calls('stopUnitStream')).toHaveLength(0);
    // The safe answer has the focus.
    await waitFor(() => expect(screen.getByTestId('stop-on-air-cancel')).toHaveFocus());
    await user.click(screen.getByTestId('stop-on-air-ok'));
    await waitFor(() => expect(fake.calls('stopUnitStream')).toHaveLength(1));
    expect(fake.calls('stopUnitStream')[0]?.params).toEqual({ id: ID });
  });

  it('keeps the stream when the user says so', async () => {
    const { api: fake, user } = await clickStop('program');
    await user.click(await screen.findByTestId('stop-on-air-cancel'));
    await waitFor(() => expect(screen.queryByTestId('stop-on-air-text')).toBeNull());
    expect(fake.calls('stopUnitStream')).toHaveLength(0);
  });

  it.each([['preview'], ['off'], [null]])('stops at once, without asking, a unit whose tally is %s', async (tally) => {
    const { api: fake } = await clickStop(tally);
    await waitFor(() => expect(fake.calls('stopUnitStream')).toHaveLength(1));
    expect(screen.queryByTestId('stop-on-air-text')).toBeNull();
  });

  it('asks in Chinese', async () => {
    await clickStop('program', 'zh');
    expect(await screen.findByTestId('stop-on-air-text')).toHaveTextContent('Camera_south 正在 MMH-1-CH2（Hub_north） 上播出');
  });
});

describe('stop-on-air rules', () => {
  it('reads program (any case) as on air, nothing else', () => {
    expect(isOnAir('program')).toBe(true);
    expect(isOnAir('Program')).toBe(true);
    expect(isOnAir('preview')).toBe(false);
    expect(isOnAir(null)).toBe(false);
  });

  it('names the channel the unit says it streams to, else the one allocated to it, else its selected one, else none', () => {
    const selected = (channelId: string | null) => ({ channelId, previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false });
    const channelsInUse = [{ channelId: 'MMH-0002-CH10', channelName: 'MMH-2-CH10', serverId: 'MMH-0002', serverName: 'Hub_west' }];
    expect(streamChannelName({ uniqueId: ID, selectedChannel: selected('MMH-0001-CH1'), channelsInUse }, [output])).toEqual({
      name: 'MMH-2-CH10',
      hub: 'Hub_west',
    });
    expect(streamChannelName({ uniqueId: ID, selectedChannel: selected('MMH-0001-CH1') }, [output])).toEqual({ name: 'MMH-1-CH2', hub: 'Hub_north' });
    const other = makeChannel({ channelId: 'MMH-0001-CH1', channelName: 'MMH-1-CH1', serverName: 'Hub_south' });
    expect(streamChannelName({ uniqueId: 'LU800-0009', selectedChannel: selected('MMH-0001-CH1') }, [output, other])).toEqual({
      name: 'MMH-1-CH1',
      hub: 'Hub_south',
    });
    expect(streamChannelName({ uniqueId: 'LU800-0009', selectedChannel: selected('EXT-1') }, [output])).toEqual({ name: 'EXT-1', hub: null });
    expect(streamChannelName({ uniqueId: 'LU800-0009', selectedChannel: selected(null) }, [output])).toBeNull();
  });
});
