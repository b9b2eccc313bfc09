/**
 * The Multi Camera tab's settings configuration (spec 000 §3 "Settings configuration: outputChannel,
 * multiChannel, machineUid"; §7 settingsConfiguration fetch and add): read with GET
 * settingsConfiguration/fetch, a channel the core refuses shown under its field, applied with PUT
 * settingsConfiguration/add, and read again when the unit's settings change elsewhere (/ws).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { makeChannel, pickChannel } from '../../test-utils/channels';
import { countChannels } from '@fleet/domain';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

describe('Unit detail: the settings configuration (settingsConfiguration fetch and add)', () => {
  it('shows the output channel read, refuses an unknown channel on its field, applies output and multi channel, and follows a change from /ws', async () => {
    const unit = makeDetail({ uniqueId: UNIT });
    const configuration = makeUnitConfiguration({ unitUniqueId: UNIT });
    let settings = { machineUid: UNIT, outputChannel: null as string | null, multiChannel: false };
    const listed = [
      makeChannel({ channelId: 'MMH-0001-CH1', channelName: 'MMH-1-CH1', serverName: 'Hub_1' }),
      makeChannel({ channelId: 'MMH-0009-CH9', channelName: 'MMH-9-CH9', serverName: 'Hub_9' }),
    ];
    const api = new FakeApi()
      .on('fetchChannels', { channels: listed, counters: countChannels(listed) })
      .on('getUnit', unit)
      .on('getUnitEnhanced', { ...unit, configuration, refreshIntervalMs: 60_000 })
      .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false })
      .on('fetchSettingsConfiguration', () => settings)
      .on('addSettingsConfiguration', ({ body }) => {
        if (body.outputChannel === 'MMH-0009-CH9') return fieldErrors([{ path: 'body.outputChannel', message: 'Channel not found' }]);
        settings = { machineUid: UNIT, outputChannel: body.outputChannel, multiChannel: body.multiChannel };
        return { ...configuration, settings };
      });
    const { user, socket, settled } = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
      roles: ['luc_regular'],
      route: `/list?unit=${UNIT}&tab=multiCamera`,
      api,
    });
    const value = await screen.findByTestId('unit-detail-settings-value');
    await waitFor(() => expect(value).toHaveTextContent('Output channel: none; multi channel: off'));
    expect(api.calls('fetchSettingsConfiguration')[0]?.url).toBe(`/api/settingsConfiguration/fetch?machineUid=${UNIT}`);

    await pickChannel(user, screen.getByTestId('unit-detail-settings-output'), 'MMH-9-CH9');
    await user.click(screen.getByTestId('unit-detail-settings-apply'));
    expect(await screen.findByTestId('unit-detail-field-settings.outputChannel')).toHaveTextContent('Channel not found');

    await pickChannel(user, screen.getByTestId('unit-detail-settings-output'), 'MMH-1-CH1');
    await user.click(screen.getByTestId('unit-detail-settings-multi'));
    await user.click(screen.getByTestId('unit-detail-settings-apply'));
    await waitFor(() => expect(api.calls('addSettingsConfiguration')).toHaveLength(2));
    expect(api.calls('addSettingsConfiguration')[1]?.body).toEqual({ id: UNIT, outputChannel: 'MMH-0001-CH1', multiChannel: true });
    await waitFor(() => expect(screen.getByTestId('unit-detail-settings-value')).toHaveTextContent('Output channel: MMH-1-CH1; multi channel: on'));

    await settled();
    settings = { machineUid: UNIT, outputChannel: null, multiChannel: false };
    await socket.emit({ type: 'unit.configuration', unitId: UNIT, setting: 'settingsConfiguration', configuration: { ...configuration, settings }, at: 2 });
    await waitFor(() => expect(screen.getByTestId('unit-detail-settings-value')).toHaveTextContent('Output channel: none; multi channel: off'));
  }, 20_000);
});
