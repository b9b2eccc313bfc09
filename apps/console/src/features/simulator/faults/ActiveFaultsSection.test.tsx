import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActiveFaultView } from '@fleet/contracts';
import { FakeApi } from '../../../test-utils/fakeApi';
import { renderWithApp } from '../../../test-utils/render';
import { answered } from '../../../test-utils/controlPlane';
import { mockTrpcUrl } from '../trpc';
import { ActiveFaultsSection } from './ActiveFaultsSection';

const SINCE = Date.UTC(2026, 10, 27, 14, 2, 11);
const MODEM: ActiveFaultView = {
  id: 'unit:LU800-0001:modem:2:network',
  target: { unitId: 'LU800-0001', fault: { type: 'modemFail', modem: 2 } },
  since: SINCE,
  targetName: 'Drone_London_01',
};
const POWER: ActiveFaultView = {
  id: 'server:MMH-0002:power',
  target: { serverId: 'MMH-0002', fault: { type: 'serverPower', on: false } },
  since: SINCE + 60_000,
  targetName: 'hub_paris',
};

/** A fake control plane holding `faults` until fault.clear takes one or all; the clear inputs are kept. */
function core(faults: ActiveFaultView[]) {
  let active = faults;
  const clears: unknown[] = [];
  const api = new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/fault.active`, () => answered(active))
    .onRaw('POST', `${mockTrpcUrl()}/fault.clear`, ({ body }) => {
      clears.push(body);
      const id = (body as { id?: string }).id;
      const cleared = id === undefined ? active.length : 1;
      active = id === undefined ? [] : active.filter((f) => f.id !== id);
      return answered({ cleared, active });
    });
  return { api, clears };
}

describe('Simulator panel: active faults', () => {
  it('lists each active fault with its target, parameters and since when; clears one, then all', async () => {
    const { api, clears } = core([MODEM, POWER]);
    const { user } = await renderWithApp(<ActiveFaultsSection />, { roles: ['super_user'], api });
    const rows = await screen.findAllByTestId('active-fault');
    expect(rows).toHaveLength(2);
    const modem = within(rows[0]!);
    expect(modem.getByTestId('active-fault-target')).toHaveTextContent('Drone_London_01');
    expect(modem.getByText('LU800-0001')).toBeInTheDocument();
    expect(modem.getByTestId('active-fault-kind')).toHaveTextContent('Fail a modem');
    expect(modem.getByTestId('active-fault-params')).toHaveTextContent('Modem port: 2');
    expect(modem.getByTestId('active-fault-since')).toHaveTextContent('Since Nov 27, 14:02:11 UTC (simulated time)');
    expect(within(rows[1]!).getByTestId('active-fault-params')).toHaveTextContent('Powered on: no');

    await user.click(modem.getByRole('button', { name: 'Clear Fail a modem on Drone_London_01' }));
    await waitFor(() => expect(screen.getAllByTestId('active-fault')).toHaveLength(1));
    expect(await screen.findByText('1 fault cleared.')).toBeInTheDocument();

    await user.click(screen.getByTestId('simulator-faults-clear-all'));
    expect(await screen.findByTestId('simulator-faults-none')).toHaveTextContent('No injected fault is in effect.');
    expect(clears).toEqual([{ id: MODEM.id }, {}]);
  });

  it('speaks Chinese', async () => {
    const { api } = core([POWER]);
    await renderWithApp(<ActiveFaultsSection />, { roles: ['super_user'], api, language: 'zh' });
    const row = await screen.findByTestId('active-fault');
    expect(within(row).getByTestId('active-fault-kind')).toHaveTextContent('电源');
    expect(within(row).getByTestId('active-fault-params')).toHaveTextContent('通电：否');
    expect(screen.getByTestId('simulator-faults-clear-all')).toHaveTextContent('全部清除（1）');
  });
});
