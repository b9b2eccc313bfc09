/**
 * The channel picker: the user's channels in natural order, found by the name the pages show (or
 * the hub, or the id), each with its hub, status by label and licence; busy, offline and upgrading
 * channels greyed with the reason and not chosen by a click; the chosen channel shown by name and
 * hub, never as a bare id.
 */
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countChannels } from '@fleet/domain';
import type { ChannelLive } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeChannel } from '../../test-utils/channels';
import { fill, renderWithApp } from '../../test-utils/render';
import { ChannelPicker } from './ChannelPicker';

const UNIT = 'LU800-0001';
const CHANNELS: ChannelLive[] = [
  makeChannel({ channelId: 'MMH-0001-CH10', channelName: 'MMH-1-CH10', serverName: 'Hub Paris' }),
  makeChannel({ channelId: 'MMH-0001-CH2', channelName: 'MMH-1-CH2', serverName: 'Hub Paris' }),
  makeChannel({
    channelId: 'MMH-0001-CH3',
    channelName: 'MMH-1-CH3',
    serverName: 'Hub Paris',
    status: 'collecting',
    allocatedToUnitUid: 'LU800-0007',
    allocatedToUnitAlias: 'Crew 7',
  }),
  makeChannel({ channelId: 'MMH-0002-CH1', channelName: 'MMH-2-CH1', serverName: 'Hub Lyon', status: 'offline', supportedByUnit: false }),
  makeChannel({
    channelId: 'MMH-0001-CH4',
    channelName: 'MMH-1-CH4',
    serverName: 'Hub Paris',
    status: 'collecting',
    allocatedToUnitUid: UNIT,
    allocatedToUnitAlias: 'Crew 1',
  }),
  makeChannel({ channelId: 'MMH-0001-CH5', channelName: 'MMH-1-CH5', serverName: 'Hub Paris', status: 'upgrading' }),
];

function Harness({ initial = null, anyStatus = false, unitInventories }: { initial?: string | null; anyStatus?: boolean; unitInventories?: string[] }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ChannelPicker
        aria-label="Channel"
        value={value}
        onChange={setValue}
        forUnit={UNIT}
        unitInventories={unitInventories}
        anyStatus={anyStatus}
        data-testid="picker"
      />
      <output data-testid="chosen">{value ?? ''}</output>
    </>
  );
}

function render(props: { initial?: string | null; anyStatus?: boolean; unitInventories?: string[] } = {}) {
  const api = new FakeApi().on('fetchChannels', { channels: CHANNELS, counters: countChannels(CHANNELS) });
  return renderWithApp(<Harness {...props} />, { api });
}

const option = (id: string) => screen.getAllByTestId('picker-option').find((o) => o.getAttribute('data-channel') === id);
const optionRole = (id: string) => option(id)?.closest('[role="option"]') as HTMLElement;

describe('the channel picker', () => {
  it('lists the channels in natural order with hub, status by label and licence', async () => {
    const { user } = await render();
    await user.click(screen.getByTestId('picker'));
    await waitFor(() => expect(screen.getAllByTestId('picker-option')).toHaveLength(CHANNELS.length));
    expect(screen.getAllByTestId('picker-option').map((o) => o.getAttribute('data-channel'))).toEqual([
      'MMH-0001-CH2',
      'MMH-0001-CH3',
      'MMH-0001-CH4',
      'MMH-0001-CH5',
      'MMH-0001-CH10',
      'MMH-0002-CH1',
    ]);
    expect(option('MMH-0001-CH2')).toHaveTextContent('Hub Paris');
    expect(option('MMH-0001-CH2')).toHaveTextContent('Idle');
    expect(option('MMH-0001-CH2')).toHaveTextContent('Licensed for units');
    expect(option('MMH-0001-CH3')).toHaveTextContent('Collecting from Crew 7');
    expect(option('MMH-0001-CH4')).toHaveTextContent('Collecting from this unit');
    expect(option('MMH-0001-CH5')).toHaveTextContent('Upgrading');
    expect(option('MMH-0002-CH1')).toHaveTextContent('Offline');
    expect(option('MMH-0002-CH1')).toHaveTextContent('Not licensed for units');
  });

  it('finds a channel by the name the pages show, and by its hub', async () => {
    const { user } = await render();
    const input = screen.getByTestId('picker');
    await user.click(input);
    await fill(user, input, 'MMH-1-CH2');
    await waitFor(() => expect(screen.getAllByTestId('picker-option').map((o) => o.getAttribute('data-channel'))).toEqual(['MMH-0001-CH2']));
    await fill(user, input, 'lyon');
    await waitFor(() => expect(screen.getAllByTestId('picker-option').map((o) => o.getAttribute('data-channel'))).toEqual(['MMH-0002-CH1']));
    await fill(user, input, 'nothing like it');
    expect(await screen.findByText('No channel matches')).toBeVisible();
  });

  it('shows the chosen channel by name and hub, and hands over its id', async () => {
    const { user } = await render();
    const input = screen.getByTestId('picker');
    await user.click(input);
    await fill(user, input, 'MMH-1-CH2');
    await user.click(await screen.findByRole('option', { name: /MMH-1-CH2/ }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('MMH-0001-CH2');
    expect(input).toHaveValue('MMH-1-CH2 · Hub Paris');
    // Found and picked again: it stays chosen.
    await fill(user, input, 'MMH-1-CH2');
    await user.click(await screen.findByRole('option', { name: /MMH-1-CH2/ }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('MMH-0001-CH2');
    expect(input).toHaveValue('MMH-1-CH2 · Hub Paris');
  });

  it('marks busy, offline and upgrading channels with the reason and does not take them on a click; the unit’s own channel is free', async () => {
    const { user } = await render();
    await user.click(screen.getByTestId('picker'));
    await waitFor(() => expect(screen.getAllByTestId('picker-option')).toHaveLength(CHANNELS.length));
    for (const id of ['MMH-0001-CH3', 'MMH-0002-CH1', 'MMH-0001-CH5']) {
      expect(optionRole(id)).toHaveAttribute('data-combobox-disabled');
      expect(within(optionRole(id)).getByTestId('picker-reason')).toHaveTextContent(/cannot be chosen now/);
    }
    expect(within(optionRole('MMH-0001-CH3')).getByTestId('picker-reason')).toHaveTextContent('In use by another unit');
    await user.click(optionRole('MMH-0001-CH3'));
    expect(screen.getByTestId('chosen')).toHaveTextContent('');
    expect(optionRole('MMH-0001-CH4')).not.toHaveAttribute('data-combobox-disabled');
    await user.click(optionRole('MMH-0001-CH4'));
    expect(screen.getByTestId('chosen')).toHaveTextContent('MMH-0001-CH4');
  });

  it('takes a busy channel where the choice does not use it now (anyStatus), still marked', async () => {
    const { user } = await render({ anyStatus: true });
    await user.click(screen.getByTestId('picker'));
    await waitFor(() => expect(screen.getAllByTestId('picker-option')).toHaveLength(CHANNELS.length));
    expect(option('MMH-0001-CH3')).toHaveTextContent('Collecting from Crew 7');
    await user.click(optionRole('MMH-0001-CH3'));
    expect(screen.getByTestId('chosen')).toHaveTextContent('MMH-0001-CH3');
  });

  it('refuses, with the reason, a channel of none of the unit’s inventories', async () => {
    const { user } = await render({ unitInventories: ['inv-other'] });
    await user.click(screen.getByTestId('picker'));
    await waitFor(() => expect(screen.getAllByTestId('picker-option')).toHaveLength(CHANNELS.length));
    expect(optionRole('MMH-0001-CH2')).toHaveAttribute('data-combobox-disabled');
    expect(option('MMH-0001-CH2')).toHaveTextContent("Not in this unit's inventories");
  });

  it('names a stored channel the list does not have, rather than leaving it blank', async () => {
    await render({ initial: 'EXT-9' });
    await waitFor(() => expect(screen.getByTestId('picker')).toHaveValue('EXT-9 (not in your channels)'));
  });
});
