/**
 * Spec 000 §9 "Wi-Fi or modem toggle: up to one minute", "Operator switch: up to 30 seconds": once
 * the unit took a link toggle, a Wi-Fi disconnection or an operator switch, the Connections tab says
 * how long the change can take and waits for the unit to report it (the retry timer of spec 001
 * §4), the note gone as soon as the unit reports it, and says so when the wait ran out without it.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import type { Modem, UnitConfiguration } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeModem, makeModemConfig, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import type { AppRenderResult } from '../../test-utils/render';
import UnitConfigModal from './UnitConfigModal';

const UNIT = 'LU800-0001';

/** A cellular modem, an Ethernet link and a connected Wi-Fi (three links up: spec 000 §5 lets one go off). */
function links(overrides: { cell?: Partial<Modem>; wifi?: Partial<Modem> } = {}): Modem[] {
  return [
    makeModem({ id: 'modem-1', port: 1, name: 'Modem 1', uiType: 'cell', ...overrides.cell }),
    makeModem({ id: 'eth-2', port: 2, name: 'Ethernet', uiType: 'lan', signalQuality: null, activeSim: null }),
    makeModem({ id: 'wifi-3', port: 3, name: 'Wi-Fi', uiType: 'wifi', activeSim: null, ...overrides.wifi }),
  ];
}

/** The unit's core; each command is held until the test releases it (the wait starts on the fake clock). */
function core(config: UnitConfiguration) {
  let release: (() => void) | null = null;
  const gate = () =>
    new Promise<void>((resolve) => {
      release = resolve;
    });
  const api = new FakeApi()
    .on('getUnitConfigurationV2', config)
    .on('getUnit', makeDetail({ uniqueId: UNIT, modems: links() }))
    .on('getUnitModemConfig', ({ params }) => makeModemConfig({ port: params.n, modemId: `modem-${params.n}` }))
    .on('getUnitGroups', [])
    .on('commandLinkConfiguration', async () => (await gate(), { uniqueId: UNIT, command: 'linkConfiguration', accepted: true }))
    .on('commandWifiDisconnect', async () => (await gate(), { uniqueId: UNIT, command: 'wifiDisconnect', accepted: true }))
    .on('commandCellularSelect', async () => (await gate(), { uniqueId: UNIT, command: 'cellularSelect', accepted: true }));
  /** Waits (on the real clock) until a command is held, then returns its release. */
  const held = async () => {
    await waitFor(() => expect(release).not.toBeNull());
    const answerIt = release ?? (() => undefined);
    release = null;
    return answerIt;
  };
  return { api, held };
}

async function openConnections(api: FakeApi): Promise<AppRenderResult> {
  const rendered = await renderWithApp(<UnitConfigModal unitId={UNIT} opened onClose={() => undefined} />, {
    roles: ['luc_regular'],
    route: `/list?unit=${UNIT}&config=connections`,
    api,
  });
  expect(await screen.findByTestId('config-panel-connections')).toBeVisible();
  await screen.findByTestId('config-modem-1-operator');
  await rendered.settled();
  return rendered;
}

/** The command answered under the fake clock (the wait starts there), until `testId` shows. */
async function answer(held: () => Promise<() => void>, testId: string): Promise<HTMLElement> {
  const release = await held();
  vi.useFakeTimers();
  release();
  for (let turn = 0; turn < 50 && screen.queryByTestId(testId) === null; turn += 1) await act(() => vi.advanceTimersByTimeAsync(0));
  return screen.getByTestId(testId);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('Connections: waiting for the unit after a link toggle (up to one minute)', () => {
  it('turns a modem off, says it can take up to one minute, and clears the note when the unit reports the link off', async () => {
    const { api, held } = core(makeUnitConfiguration({ unitUniqueId: UNIT }));
    const { socket } = await openConnections(api);

    fireEvent.click(screen.getByTestId('config-link-enabled-modem-1'));
    const note = await answer(held, 'config-link-wait-modem-1');
    expect(api.calls('commandLinkConfiguration').map((c) => c.body)).toEqual([{ modemId: 'modem-1', enabled: false }]);
    expect(note).toHaveAttribute('data-state', 'waiting');
    expect(note).toHaveTextContent('turning a link off can take up to one minute');

    await advance(40_000);
    expect(screen.getByTestId('config-link-wait-modem-1')).toHaveAttribute('data-state', 'waiting');
    await act(() =>
      socket.emit({
        type: 'unit.telemetry',
        unitId: UNIT,
        battery: null,
        location: null,
        modems: links({ cell: { enabled: false, connected: false } }),
        totalBitrate: 0,
        cameraConnected: true,
        sample: { t: 1, kbps: 0 },
        at: 1,
      }),
    );
    expect(screen.queryByTestId('config-link-wait-modem-1')).not.toBeInTheDocument();
    await advance(TIMINGS.wifiOrModemToggleMaxMs);
    expect(screen.queryByTestId('config-link-wait-modem-1')).not.toBeInTheDocument();
  });

  it('says the unit has not reported a Wi-Fi disconnection after one minute, not before', async () => {
    const { api, held } = core(makeUnitConfiguration({ unitUniqueId: UNIT, wifi: { ssid: 'Newsroom', security: 'wpa2' } }));
    await openConnections(api);

    fireEvent.click(screen.getByTestId('config-wifi-disconnect'));
    expect(await answer(held, 'config-wifi-wait')).toHaveTextContent('Waiting for the unit to leave the Wi-Fi network: this can take up to one minute');
    await advance(TIMINGS.wifiOrModemToggleMaxMs - 1);
    expect(screen.getByTestId('config-wifi-wait')).toHaveAttribute('data-state', 'waiting');
    await advance(1);
    expect(screen.getByTestId('config-wifi-wait')).toHaveAttribute('data-state', 'late');
    expect(screen.getByTestId('config-wifi-wait')).toHaveTextContent('The unit has not reported the change within one minute');
  });
});

describe('Connections: waiting for the unit after an operator switch (up to 30 seconds)', () => {
  it('switches to automatic, waits 30 seconds, says the operator was not reported, and clears when the unit reports it', async () => {
    const config = makeUnitConfiguration({ unitUniqueId: UNIT, cellular: { 'modem-1': { network: { mcc: '234', mnc: '15' } } } });
    const { api, held } = core(config);
    const { socket } = await openConnections(api);
    expect(screen.getByTestId('config-modem-1-operator')).toHaveTextContent('234-15');

    fireEvent.click(screen.getByTestId('config-modem-1-automatic'));
    await answer(held, 'config-modem-1-operator-wait');
    expect(api.calls('commandCellularSelect').map((c) => c.body)).toEqual([{ modemId: 'modem-1', network: 'automatic' }]);
    expect(screen.getByTestId('config-modem-1-operator-wait')).toHaveTextContent('Switching to Automatic: this can take up to 30 seconds');

    await advance(TIMINGS.operatorSwitchMaxMs - 1);
    expect(screen.getByTestId('config-modem-1-operator-wait')).toHaveAttribute('data-state', 'waiting');
    await advance(1);
    expect(screen.getByTestId('config-modem-1-operator-wait')).toHaveAttribute('data-state', 'late');
    expect(screen.getByTestId('config-modem-1-operator-wait')).toHaveTextContent('The unit has not reported the new operator within 30 seconds');

    await act(() =>
      socket.emit({
        type: 'unit.configuration',
        unitId: UNIT,
        setting: 'cellular',
        configuration: { ...config, version: 2, cellular: { 'modem-1': { network: 'automatic' } } },
        at: 2,
      }),
    );
    expect(screen.queryByTestId('config-modem-1-operator-wait')).not.toBeInTheDocument();
  });
});
