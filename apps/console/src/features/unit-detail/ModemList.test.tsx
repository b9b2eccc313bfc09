/** The unit detail's links (spec 000 §3 Modem): UI state, signal, roaming, SIM and when each was last reported. */
import { screen } from '@testing-library/react';
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
});
