/** The unit detail's links (spec 000 §3 Modem): one row each with its state, uplink and signal bars, SIM, roaming and when it was last reported. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeModem } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { modemRows } from './detailRules';
import { ModemList } from './ModemList';

describe('ModemList', () => {
  it('shows each link with its state, signal, SIM and the time the unit last reported it', async () => {
    const rows = modemRows(
      [
        makeModem({ id: 'm1', port: 1, signalQuality: 71.6, lastUpdated: '2026-01-10T09:15:30.000Z' }),
        makeModem({ id: 'm2', port: 2, name: 'Modem 2', connected: false, activeSim: null, signalQuality: null }),
      ],
      undefined,
    );
    await renderWithApp(<ModemList modems={rows} />, { realtime: false });
    expect(screen.getByTestId('unit-detail-modem-state-m1')).toHaveTextContent('Connected');
    expect(screen.getByTestId('unit-detail-modem-m1')).toHaveTextContent('72');
    expect(screen.getByTestId('unit-detail-modem-updated-m1')).toHaveTextContent(new Date('2026-01-10T09:15:30.000Z').toLocaleTimeString('en'));
    expect(screen.getByTestId('unit-detail-modem-m2')).toHaveAttribute('data-state', 'not_connected');
  });

  it('draws one row per link with its uplink share and signal as bars, and its SIM and roaming in words', async () => {
    const rows = modemRows(
      [
        makeModem({ id: 'm1', port: 1, name: 'Modem 1', uplinkKbps: 3000, signalQuality: 82, activeSim: 'B', roaming: true }),
        makeModem({ id: 'm2', port: 2, name: 'Modem 2', uplinkKbps: 1000, signalQuality: 21 }),
        makeModem({ id: 'lan', port: 3, name: 'Ethernet', uiType: 'lan', uplinkKbps: 0, signalQuality: null, activeSim: null }),
      ],
      undefined,
    );
    await renderWithApp(<ModemList modems={rows} />, { realtime: false });
    expect(within(screen.getByTestId('unit-detail-modems')).getAllByRole('listitem')).toHaveLength(3);

    // Modem 1 carries three quarters of the unit's uplink, with a strong signal on SIM B, roaming.
    const uplink1 = screen.getByRole('progressbar', { name: 'Uplink of Modem 1' });
    expect(uplink1).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByTestId('unit-detail-modem-uplink-m1')).toHaveTextContent('3.0 Mbps · 75%');
    expect(screen.getByRole('progressbar', { name: 'Signal of Modem 1' })).toHaveAttribute('aria-valuenow', '82');
    expect(screen.getByTestId('unit-detail-modem-sim-m1')).toHaveTextContent('SIM B');
    expect(screen.getByTestId('unit-detail-modem-roaming-m1')).toHaveTextContent('Roaming');

    expect(screen.getByRole('progressbar', { name: 'Uplink of Modem 2' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('unit-detail-modem-signal-m2')).toHaveTextContent('21%');
    expect(screen.getByTestId('unit-detail-modem-roaming-m2')).toHaveTextContent('Home network');

    // A wired link has no SIM, no roaming and no signal reading.
    expect(screen.queryByTestId('unit-detail-modem-sim-lan')).toBeNull();
    expect(screen.queryByTestId('unit-detail-modem-roaming-lan')).toBeNull();
    expect(screen.getByTestId('unit-detail-modem-signal-lan')).toHaveTextContent('No signal reading');
  });

  it('says so when the unit reports no link', async () => {
    await renderWithApp(<ModemList modems={[]} />, { realtime: false });
    expect(screen.getByTestId('unit-detail-modems-empty')).toHaveTextContent('No links reported');
  });
});
