/**
 * What the configuration modal tells and offers in the spec's terms: sub-second delay advised only
 * on fast links (000 §5), the audio encodings 96, 128, 192 kbps AAC-LC with 2 channels, SIM slots A
 * and B, the network scan's 1 to 2 minutes (000 §9), and a scan's failures in the catalogue's
 * words (000 §8 "Scan failed, please try again", "Scan not supported for this modem").
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeDetail, makeModem, makeModemConfig, makeUnitConfiguration } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import UnitConfigModal from './UnitConfigModal';

const UNIT = 'LU800-0001';
const MODEMS = [
  makeModem({ id: 'modem-1', port: 1, name: 'Modem 1', uiType: 'cell' }),
  makeModem({ id: 'eth-2', port: 2, name: 'Ethernet', uiType: 'lan', signalQuality: null, activeSim: null }),
];

function core(): FakeApi {
  return new FakeApi()
    .on('getUnitConfigurationV2', makeUnitConfiguration({ unitUniqueId: UNIT }))
    .on('getUnit', makeDetail({ uniqueId: UNIT, modems: MODEMS }))
    .on('getUnitModemConfig', ({ params }) => makeModemConfig({ port: params.n, modemId: `modem-${params.n}` }))
    .on('getUnitGroups', [])
    .on('commandCellularScan', {
      uniqueId: UNIT,
      command: 'cellularScan',
      accepted: true,
      modemId: 'modem-1',
      expectedDurationMs: { min: 60_000, max: 120_000 },
    });
}

async function openConfig(tab: string, api: FakeApi = core()) {
  const rendered = await renderWithApp(<UnitConfigModal unitId={UNIT} opened onClose={() => undefined} />, {
    roles: ['luc_regular'],
    route: `/list?unit=${UNIT}&config=${tab}`,
    api,
  });
  expect(await screen.findByTestId(`config-panel-${tab}`)).toBeVisible();
  return rendered;
}

describe('unit configuration: the spec’s notes and choices', () => {
  it('advises sub-second delay only on fast links below 1000 ms, and offers 96, 128 and 192 kbps AAC-LC with 2 channels', async () => {
    const { user } = await openConfig('videoAudio');
    expect(screen.queryByTestId('config-delay-low-delay')).not.toBeInTheDocument();
    await fill(user, screen.getByTestId('config-delay-delayMs'), '900');
    expect(screen.getByTestId('config-delay-low-delay')).toHaveTextContent('Sub-second delay is advised only on fast links.');
    await fill(user, screen.getByTestId('config-delay-delayMs'), '1000');
    expect(screen.queryByTestId('config-delay-low-delay')).not.toBeInTheDocument();

    const options = within(screen.getByTestId('config-audioBitrate-bitrateKbps')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['96 kbps AAC-LC, 2 channels', '128 kbps AAC-LC, 2 channels', '192 kbps AAC-LC, 2 channels']);
  });

  it('offers SIM slots A and B, and says a network scan takes 1 to 2 minutes once the unit took it', async () => {
    const { user, api } = await openConfig('connections');
    const sim = await screen.findByTestId('config-modem-1-activeSim');
    expect(
      within(sim)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['SIM A', 'SIM B']);

    await user.click(screen.getByTestId('config-modem-1-scan'));
    await waitFor(() => expect(screen.getByTestId('config-modem-1-scanning')).toHaveTextContent('Scanning: this takes 1 to 2 minutes.'));
    expect(api.calls('commandCellularScan').map((c) => c.body)).toEqual([{ modemId: 'modem-1' }]);
  });

  it('says a scan the unit refuses is not supported for the modem, and a scan that fails on the unit to try again', async () => {
    let supported = false;
    const api = core().on('commandCellularScan', () =>
      supported
        ? { uniqueId: UNIT, command: 'cellularScan', accepted: true, modemId: 'modem-1', expectedDurationMs: { min: 60_000, max: 120_000 } }
        : apiError('SCAN_NOT_SUPPORTED'),
    );
    const { user, socket, settled } = await openConfig('connections', api);
    await user.click(await screen.findByTestId('config-modem-1-scan'));
    await waitFor(() => expect(screen.getByTestId('config-failure-modem-1-command')).toHaveTextContent('Scan not supported for this modem'));

    supported = true;
    await settled();
    await user.click(screen.getByTestId('config-modem-1-scan'));
    await screen.findByTestId('config-modem-1-scanning');
    await socket.emit({
      type: 'unit.commandResult',
      unitId: UNIT,
      command: 'cellularScan',
      outcome: 'failed',
      code: 'SCAN_FAILED',
      message: 'Scan failed, please try again',
      result: null,
      at: 5,
    });
    await waitFor(() => expect(screen.getByTestId('config-failure-modem-1-command')).toHaveTextContent('Scan failed, please try again'));
    expect(screen.queryByTestId('config-modem-1-scanning')).not.toBeInTheDocument();
  });
});
