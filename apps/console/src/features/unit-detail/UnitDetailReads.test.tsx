/**
 * The unit detail's own reads and the recording-quality command (spec 000 §3, §7): the position
 * in the header (devices/{id}/location, moved by telemetry), the SIP account on the Intercom tab
 * (v2/units/{id}/sipAccount), and the store-and-forward profile sent to the unit from the Camera
 * tab (POST devices/{id}/commands/storeAndForwardQuality), and the custom multi camera channels
 * suggested from a group's channels (GET v2/groups/{id}/multiChannels).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { Role, UnitDetail } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { makeChannel } from '../../test-utils/channels';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

function unitApi(unit: UnitDetail = makeDetail({ uniqueId: UNIT })): FakeApi {
  return new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration: makeUnitConfiguration({ unitUniqueId: UNIT }), refreshIntervalMs: 60_000 })
    .on('getUnitSipAccount', { uniqueId: UNIT, sipAccount: null })
    .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false });
}

async function openPanel(api: FakeApi, tab = 'camera', roles: Role[] = ['luc_admin']) {
  const rendered = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, { roles, route: `/list?unit=${UNIT}&tab=${tab}`, api });
  await screen.findByTestId('unit-detail-name');
  return rendered;
}

describe('Unit detail: the position (GET devices/{id}/location)', () => {
  it('shows the stored address, then the live GPS position the unit reports', async () => {
    const api = unitApi().on('getDeviceLocation', { uniqueId: UNIT, location: { lat: 51.5, lng: -0.12, address: 'London' }, live: false });
    const { socket, settled } = await openPanel(api);

    await waitFor(() => expect(screen.getByTestId('unit-detail-location')).toHaveAttribute('data-state', 'stored'));
    const location = screen.getByTestId('unit-detail-location');
    expect(location).toHaveTextContent('London');
    expect(location).toHaveTextContent('Stored address');
    expect(api.calls('getDeviceLocation')[0]?.url).toBe(`/api/devices/${UNIT}/location`);

    await settled();
    await socket.emit({
      type: 'unit.telemetry',
      unitId: UNIT,
      battery: null,
      location: { lat: 48.8566, lng: 2.3522, address: null },
      modems: [],
      totalBitrate: 0,
      cameraConnected: true,
      sample: { t: 1, kbps: 0 },
      at: 1,
    });
    await waitFor(() => expect(screen.getByTestId('unit-detail-location')).toHaveAttribute('data-state', 'live'));
    expect(screen.getByTestId('unit-detail-location')).toHaveTextContent('48.8566, 2.3522');
    expect(screen.getByTestId('unit-detail-location')).toHaveTextContent('GPS');
  });

  it('says so when the unit has no position', async () => {
    await openPanel(unitApi());
    await waitFor(() => expect(screen.getByTestId('unit-detail-location')).toHaveAttribute('data-state', 'none'));
    expect(screen.getByTestId('unit-detail-location')).toHaveTextContent('No position');
  });
});

describe('Unit detail: the header’s readings (spec 000 §3 Unit)', () => {
  it('shows the licence’s RA and RL hours, the short software version, tally, sharing and the last reboot', async () => {
    const unit = makeDetail({
      uniqueId: UNIT,
      license: { valid: true, kind: 'hours', pro: false, fourK: false, raHours: 12, rlHours: 40 },
      swVersionDisplay: '8.5.0.1234',
      swVersionShort: '8.5',
      tally: 'Program',
      sharing: true,
      lastReboot: '2026-01-10T09:00:00.000Z',
    });
    await openPanel(unitApi(unit));
    expect(screen.getByTestId('unit-detail-licence-raHours')).toHaveTextContent('RA 12 h');
    expect(screen.getByTestId('unit-detail-licence-rlHours')).toHaveTextContent('RL 40 h');
    expect(screen.getByTestId('unit-detail-software')).toHaveTextContent('8.5.0.1234 (8.5)');
    expect(screen.getByTestId('unit-detail-tally')).toHaveTextContent('Program');
    expect(screen.getByTestId('unit-detail-sharing')).toHaveTextContent('On');
    expect(screen.getByTestId('unit-detail-last-reboot')).toHaveTextContent(new Date('2026-01-10T09:00:00.000Z').toLocaleString('en'));
  });

  it('says what the unit does not report: no hours, no tally, sharing off, last reboot not known', async () => {
    await openPanel(unitApi());
    expect(screen.queryByTestId('unit-detail-licence-raHours')).not.toBeInTheDocument();
    expect(screen.getByTestId('unit-detail-software')).toHaveTextContent('8.5.0 (8.5)');
    expect(screen.getByTestId('unit-detail-tally')).toHaveTextContent('None');
    expect(screen.getByTestId('unit-detail-sharing')).toHaveTextContent('Off');
    expect(screen.getByTestId('unit-detail-last-reboot')).toHaveTextContent('Not known');
  });

  it('follows the tally live: none once the stream ended, a late older report changing nothing; an offline unit’s values are marked stale', async () => {
    const api = unitApi(
      makeDetail({ uniqueId: UNIT, status: 'streaming', applications: { video: { state: 'running' } }, tally: 'preview', totalBitrate: 5700 }),
    );
    const { socket, settled } = await openPanel(api);
    expect(screen.getByTestId('unit-detail-tally')).toHaveTextContent('Preview');
    await settled();
    await socket.emit({ type: 'unit.tally', unitId: UNIT, tally: null, at: 20 });
    await waitFor(() => expect(screen.getByTestId('unit-detail-tally')).toHaveTextContent('None'));
    await socket.emit({ type: 'unit.tally', unitId: UNIT, tally: 'program', at: 10 });
    expect(screen.getByTestId('unit-detail-tally')).toHaveTextContent('None');

    await socket.emit({
      type: 'unit.status',
      unitId: UNIT,
      status: 'offline',
      previous: 'streaming',
      change: 'streamingToOffline',
      applications: {},
      totalBitrate: 0,
      at: 30,
    });
    await waitFor(() => expect(screen.getByTestId('unit-detail-total-bitrate')).toHaveAttribute('data-kbps', '0'));
    expect(screen.getByTestId('unit-detail-live-battery')).toHaveAttribute('data-stale', 'offline');
    expect(screen.getByTestId('unit-detail-live-status-reported')).toHaveTextContent(/^last reported \d\d:\d\d:\d\d$/);
    expect(screen.getByTestId('unit-detail-live-modems')).toHaveAttribute('data-stale', 'offline');
  });
});

describe('Unit detail: the SIP account on the Intercom tab (GET v2/units/{id}/sipAccount)', () => {
  it('shows the account the intercoms use', async () => {
    const api = unitApi().on('getUnitSipAccount', {
      uniqueId: UNIT,
      sipAccount: { username: 'lu800-0001', server: 'sip.example.net', displayName: 'Camera north', enabled: true },
    });
    await openPanel(api, 'intercom');
    const account = await screen.findByTestId('unit-detail-sip-account');
    expect(within(account).getByTestId('unit-detail-sip-username')).toHaveTextContent('lu800-0001');
    expect(within(account).getByTestId('unit-detail-sip-server')).toHaveTextContent('sip.example.net');
    expect(within(account).getByTestId('unit-detail-sip-display-name')).toHaveTextContent('Camera north');
    expect(within(account).getByTestId('unit-detail-sip-state')).toHaveTextContent('Enabled');
    expect(api.calls('getUnitSipAccount')[0]?.url).toBe(`/api/v2/units/${UNIT}/sipAccount`);
  });

  it('says when the unit has none', async () => {
    await openPanel(unitApi(), 'intercom');
    expect(await screen.findByTestId('unit-detail-sip-none')).toHaveTextContent('This unit has no SIP account.');
  });
});

describe('Unit detail: the recording quality of Store & Forward (command storeAndForwardQuality)', () => {
  const recording = () => makeDetail({ uniqueId: UNIT, transmissionMode: 'storeAndForward', storeAndForwardVideoQuality: 'high_h264' });

  it('sends the profile picked to the unit and shows it', async () => {
    const api = unitApi(recording()).on('commandStoreAndForwardQuality', { uniqueId: UNIT, command: 'storeAndForwardQuality', accepted: true });
    const { user } = await openPanel(api);

    await user.click(await screen.findByTestId('unit-detail-recording-quality'));
    await user.click(await screen.findByRole('option', { name: 'Low (H.265)' }));

    await waitFor(() => expect(api.calls('commandStoreAndForwardQuality')).toHaveLength(1));
    expect(api.calls('commandStoreAndForwardQuality')[0]).toMatchObject({
      url: `/api/devices/${UNIT}/commands/storeAndForwardQuality`,
      body: { quality: 'low_h265' },
    });
    expect(await screen.findByText('Recording quality set to Low (H.265)')).toBeVisible();
    expect(screen.getByTestId('unit-detail-recording-quality')).toHaveValue('Low (H.265)');
  });

  it('shows the refusal of an offline unit in the catalogue’s words', async () => {
    const api = unitApi(recording()).on('commandStoreAndForwardQuality', apiError('UNIT_OFFLINE'));
    const { user } = await openPanel(api);
    await user.click(await screen.findByTestId('unit-detail-recording-quality'));
    await user.click(await screen.findByRole('option', { name: 'Standard (H.264)' }));
    expect(await screen.findByTestId('unit-detail-recording-quality-error-message')).toHaveTextContent(ERROR_CATALOGUE.UNIT_OFFLINE.message);
  });

  it('shows read-only users the profile without sending anything', async () => {
    const api = unitApi(recording());
    await openPanel(api, 'camera', ['luc_read']);
    expect(await screen.findByTestId('unit-detail-recording-quality-value')).toHaveTextContent('High (H.264)');
    expect(screen.queryByTestId('unit-detail-recording-quality')).not.toBeInTheDocument();
  });

  it('is not offered outside Store & Forward', async () => {
    await openPanel(unitApi());
    await screen.findByTestId('unit-detail-mode');
    expect(screen.queryByTestId('unit-detail-recording-quality')).not.toBeInTheDocument();
  });
});

describe('Unit detail: custom multi camera channels from a group (GET v2/groups/{id}/multiChannels)', () => {
  it('suggests the channels of the unit’s group picked, with their status, and sends the ids chosen', async () => {
    const unit = makeDetail({ uniqueId: UNIT });
    const configuration = makeUnitConfiguration({ unitUniqueId: UNIT });
    const api = unitApi(unit)
      .on('getUnitEnhanced', {
        ...unit,
        configuration: { ...configuration, multiCamera: { ...configuration.multiCamera, channelSelectionMode: 'custom', customSelectedChannels: [] } },
        refreshIntervalMs: 60_000,
      })
      .on('getUnitGroups', [
        { id: 'g1', name: 'Newsroom_cams', inventoryId: 'inv1', inventoryName: 'Newsroom' },
        { id: 'g2', name: 'Sports_cams', inventoryId: 'inv1', inventoryName: 'Newsroom' },
      ])
      .on('getGroupMultiChannels', ({ params }) =>
        params.id === 'g2'
          ? [makeChannel({ channelId: 'MMH-2-CH1', channelName: 'Stadium_out', status: 'collecting' })]
          : [
              makeChannel({ channelId: 'MMH-1-CH1', channelName: 'Studio_a' }),
              makeChannel({ channelId: 'MMH-1-CH2', channelName: 'Studio_b', status: 'offline' }),
            ],
      )
      .on('updateUnitMultipleCamera', ({ body }) => ({
        ...configuration,
        multiCamera: { ...configuration.multiCamera, channelSelectionMode: 'custom', customSelectedChannels: body.customSelectedChannels ?? [] },
      }));
    const { user } = await openPanel(api, 'multiCamera');

    const input = await screen.findByTestId('unit-detail-multicamera-channels');
    await user.click(input);
    const option = async (id: string) =>
      (await screen.findAllByTestId('unit-detail-multicamera-channels-option')).find((o) => o.getAttribute('data-channel') === id);
    await waitFor(async () => expect(await option('MMH-1-CH1')).toHaveTextContent('Studio_a'));
    expect(await option('MMH-1-CH2')).toHaveTextContent('Offline');
    expect(api.calls('getGroupMultiChannels')[0]?.url).toBe('/api/v2/groups/g1/multiChannels');

    await user.click(screen.getByTestId('unit-detail-multicamera-channels-group'));
    await user.click(await screen.findByRole('option', { name: 'Sports_cams' }));
    await user.click(screen.getByTestId('unit-detail-multicamera-channels'));
    await user.click(await screen.findByRole('option', { name: /Stadium_out/ }));
    expect(screen.getByTestId('unit-detail-multicamera-channel-chosen-MMH-2-CH1')).toHaveTextContent('Stadium_out');
    await user.click(screen.getByTestId('unit-detail-multicamera-save'));

    await waitFor(() => expect(api.calls('updateUnitMultipleCamera')).toHaveLength(1));
    expect(api.calls('updateUnitMultipleCamera')[0]?.body).toMatchObject({ channelSelectionMode: 'custom', customSelectedChannels: ['MMH-2-CH1'] });
  }, 20_000);
});
