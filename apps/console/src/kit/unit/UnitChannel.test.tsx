import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChannelInUse, UnitSummary } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { UnitChannel } from './UnitChannel';

const CH2: ChannelInUse = { channelId: 'MMH-0003-CH2', channelName: 'MMH-6-CH2', serverId: 'MMH-0003', serverName: 'MMH-Leeds-6' };
/** The channel list's names: one channel the user sees; any other id names itself. */
const names = (id: string) => (id === 'MMH-0001-CH1' ? 'MMH-1-CH1' : id);
const selected = (channelId: string | null, external = false): UnitSummary['selectedChannel'] => ({
  channelId,
  previewChannelId: null,
  highQualityChannelId: null,
  proxyChannelId: null,
  external,
});

async function show(unit: UnitSummary, opts: { showIds?: boolean; language?: 'en' | 'zh' } = {}) {
  await renderWithApp(
    <UnitChannel unit={unit} channelName={names} showIds={opts.showIds ?? false} testId="channel" />,
    opts.language ? { language: opts.language } : {},
  );
  return screen.getByTestId('channel');
}

describe('UnitChannel', () => {
  it('a unit streaming to a channel it took itself shows that channel by name with its hub, not "No channel selected"', async () => {
    const cell = await show(makeUnit({ status: 'streaming', channelsInUse: [CH2], selectedChannel: selected(null) }));
    expect(cell).toHaveAttribute('data-state', 'inUse');
    expect(within(cell).getByTestId('unit-channel-name')).toHaveTextContent('MMH-6-CH2');
    expect(within(cell).getByTestId('unit-channel-hub')).toHaveTextContent('MMH-Leeds-6');
    expect(cell).not.toHaveTextContent('No channel selected');
    expect(cell).not.toHaveTextContent('Selected');
    // The id is secondary: in the tooltip, not the text (unless asked for).
    expect(cell).not.toHaveTextContent('MMH-0003-CH2');
    expect(cell.querySelector('[data-channel]')).toHaveAttribute('title', 'MMH-6-CH2 on MMH-Leeds-6 (MMH-0003-CH2)');
  });

  it('shows the id under the name where there is room', async () => {
    const cell = await show(makeUnit({ status: 'streaming', channelsInUse: [CH2] }), { showIds: true });
    expect(within(cell).getByTestId('unit-channel-hub')).toHaveTextContent('MMH-Leeds-6 · MMH-0003-CH2');
  });

  it('the selection being the channel in use is shown once, unlabelled', async () => {
    const cell = await show(makeUnit({ status: 'streaming', channelsInUse: [CH2], selectedChannel: selected('MMH-0003-CH2') }));
    expect(cell).toHaveAttribute('data-state', 'inUse');
    expect(screen.queryByTestId('channel-selected')).toBeNull();
  });

  it('where the selection differs from the channel in use, both are shown and labelled', async () => {
    const cell = await show(makeUnit({ status: 'streaming', channelsInUse: [CH2], selectedChannel: selected('MMH-0001-CH1') }));
    expect(cell).toHaveAttribute('data-state', 'differs');
    expect(cell).toHaveTextContent('Streaming to:MMH-6-CH2MMH-Leeds-6');
    expect(screen.getByTestId('channel-selected')).toHaveTextContent('Selected: MMH-1-CH1');
  });

  it('labels both in Chinese too', async () => {
    await show(makeUnit({ status: 'streaming', channelsInUse: [CH2], selectedChannel: selected('MMH-0001-CH1') }), { language: 'zh' });
    expect(screen.getByTestId('channel')).toHaveTextContent('正在推流至：MMH-6-CH2MMH-Leeds-6');
    expect(screen.getByTestId('channel-selected')).toHaveTextContent('已选择：MMH-1-CH1');
  });

  it('an External selection while streaming to a hub channel is shown beside it', async () => {
    const cell = await show(makeUnit({ status: 'streaming', channelsInUse: [CH2], selectedChannel: selected('SOMEWHERE', true) }));
    expect(cell).toHaveAttribute('data-state', 'differs');
    expect(screen.getByTestId('channel-selected')).toHaveTextContent('Selected: External (SOMEWHERE)');
  });

  it('an idle unit shows its selection by name', async () => {
    const cell = await show(makeUnit({ status: 'idle', channelsInUse: [], selectedChannel: selected('MMH-0001-CH1') }));
    expect(cell).toHaveAttribute('data-state', 'selected');
    expect(cell).toHaveTextContent('MMH-1-CH1');
  });

  it('"No channel selected" only when nothing streams from the unit and it has no selection', async () => {
    const cell = await show(makeUnit({ status: 'idle', channelsInUse: [], selectedChannel: selected(null) }));
    expect(cell).toHaveAttribute('data-state', 'none');
    expect(cell).toHaveTextContent('No channel selected');
  });

  it('a streaming unit no server reports yet says so rather than "No channel selected"', async () => {
    const cell = await show(makeUnit({ status: 'streaming', channelsInUse: [], selectedChannel: selected(null) }));
    expect(cell).toHaveAttribute('data-state', 'unreported');
    expect(cell).toHaveTextContent('Channel not reported');
  });

  it('lists every channel a unit feeds (multi camera), in the order the core gives', async () => {
    const ch10: ChannelInUse = { ...CH2, channelId: 'MMH-0003-CH10', channelName: 'MMH-6-CH10' };
    await show(makeUnit({ status: 'streaming', channelsInUse: [CH2, ch10] }));
    const lines = screen.getByTestId('channel').querySelectorAll('[data-channel]');
    expect([...lines].map((l) => l.getAttribute('data-channel'))).toEqual(['MMH-0003-CH2', 'MMH-0003-CH10']);
  });
});
