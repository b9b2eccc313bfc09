/**
 * The switcher update guard of spec 000 §9 (5000 ms, TIMINGS.switcherUpdateGuardMs): for 5 s after
 * the switcher's channels are saved, what the unit reports about the switcher does not replace them
 * in the Multi Camera tab; after the guard the tab follows the unit again.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { makeChannel } from '../../test-utils/channels';
import { countChannels } from '@fleet/domain';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

function switcherConfiguration(version: number, highQualityChannel: string): UnitConfiguration {
  const base = makeUnitConfiguration({ unitUniqueId: UNIT });
  return {
    ...base,
    version,
    multiCamera: { ...base.multiCamera, mode: 'switcher' },
    switcher: { mode: 'switcher', highQualityChannel, proxyChannel: null, inputSdi: 1 },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Unit detail: the switcher update guard', () => {
  it('keeps the saved channel for 5 s whatever the unit reports meanwhile, then follows the unit', async () => {
    const unit = makeDetail({ uniqueId: UNIT });
    // Set by the fake API when the save is sent (a closure TypeScript does not follow: hence the widened type).
    let release = null as (() => void) | null;
    const listed = [makeChannel({ channelId: 'MMH-0001-CH1', channelName: 'Desk_1' }), makeChannel({ channelId: 'MMH-0001-CH2', channelName: 'Desk_2' })];
    const api = new FakeApi()
      .on('fetchChannels', { channels: listed, counters: countChannels(listed) })
      .on('getUnit', unit)
      .on('getUnitEnhanced', { ...unit, configuration: switcherConfiguration(1, 'MMH-0001-CH1'), refreshIntervalMs: 600_000 })
      .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false })
      .on('updateUnitSwitcherMode', async ({ body }) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return switcherConfiguration(2, body.highQualityChannel);
      });
    const { socket, settled } = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
      roles: ['luc_regular'],
      route: `/list?unit=${UNIT}&tab=multiCamera`,
      api,
    });
    const field = await screen.findByTestId('unit-detail-switcher-hq');
    await waitFor(() => expect(field).toHaveValue('Desk_1 · hub_1'));
    await settled();

    fireEvent.click(field);
    fireEvent.click(await screen.findByRole('option', { name: /Desk_2/ }));
    fireEvent.click(screen.getByTestId('unit-detail-switcher-save'));
    await waitFor(() => expect(release).not.toBeNull());
    vi.useFakeTimers();
    release?.();
    for (let turn = 0; turn < 50 && !screen.getByTestId('toasts').textContent?.includes('saved'); turn += 1) await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.calls('updateUnitSwitcherMode').map((c) => c.body)).toEqual([
      { mode: 'switcher', highQualityChannel: 'MMH-0001-CH2', proxyChannel: null, inputSdi: 1 },
    ]);
    expect(screen.getByTestId('unit-detail-switcher-hq')).toHaveValue('Desk_2 · hub_1');

    // The unit reports its switcher as it was before it applied the change.
    await act(() =>
      socket.emit({ type: 'unit.configuration', unitId: UNIT, setting: 'switcher', configuration: switcherConfiguration(3, 'MMH-0001-CH1'), at: 3 }),
    );
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.switcherUpdateGuardMs - 1));
    expect(screen.getByTestId('unit-detail-switcher-hq')).toHaveValue('Desk_2 · hub_1');
    expect(screen.getByTestId('unit-detail-switcher-hq')).toHaveAttribute('data-value', 'MMH-0001-CH1');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('unit-detail-switcher-hq')).toHaveValue('Desk_1 · hub_1');
  }, 20_000);
});
