import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerFault, UnitFault } from '@fleet/contracts';
import { FakeApi } from '../../../test-utils/fakeApi';
import { makeChannel } from '../../../test-utils/channels';
import { renderWithApp } from '../../../test-utils/render';
import { answered } from '../../../test-utils/controlPlane';
import { mockTrpcUrl } from '../trpc';
import { SimulateMenu } from './SimulateMenu';
import type { SimulateTarget } from './faultTargets';

const UNIT: SimulateTarget = { kind: 'unit', unitId: 'LU800-0001', name: 'Drone_London_01' };
const CHANNEL: SimulateTarget = { kind: 'channel', serverId: 'MMH-0002', channelId: 'MMH-0002-CH1', name: 'Studio A' };

/** A fake core: the mock (the probe answers) or a real core (404); fault.inject's inputs and the probes are counted. */
function core(mock: boolean) {
  const injected: unknown[] = [];
  let probes = 0;
  const api = new FakeApi().on('fetchChannels', {
    channels: [makeChannel({ channelId: 'MMH-0002-CH1', channelName: 'Studio A' })],
    counters: { busy: 0, idle: 1, offline: 0, sdi: 0, smpte: 0, cdn: 0, preview: 1, studio: 0, share: 0, distributor: 0, output: 0, input: 0 },
  });
  api.onRaw('GET', `${mockTrpcUrl()}/capabilities`, () => {
    probes++;
    return mock ? answered({ mock: true }) : { status: 404, body: 'Not Found' };
  });
  api.onRaw('POST', `${mockTrpcUrl()}/fault.inject`, ({ body }) => {
    injected.push(body);
    return answered({ applied: 1, error: null });
  });
  return { api, injected, probes: () => probes };
}

describe('the Simulate menu', () => {
  it('offers every unit fault of the vocabulary; a fault’s form is filled, sent and confirmed', async () => {
    const { api, injected } = core(true);
    const { user } = await renderWithApp(<SimulateMenu target={UNIT} />, { roles: ['super_user'], api });
    await user.click(await screen.findByTestId('simulate-menu-unit'));
    const menu = await screen.findByTestId('simulate-menu-dropdown');
    expect(menu.querySelectorAll('[data-testid^="simulate-"]')).toHaveLength(UnitFault.options.length);
    expect(within(menu).getByText('Simulate on Drone_London_01')).toBeInTheDocument();

    await user.click(within(menu).getByText('Fail a modem'));
    expect(await screen.findByText('Fail a modem · Drone_London_01')).toBeInTheDocument();
    const modal = screen.getByRole('dialog');
    const port = within(modal).getByTestId('fault-field-modem');
    expect(within(modal).getByText('Modem port')).toBeInTheDocument();
    // The form starts where the schema's bounds allow (port 1).
    expect(port).toHaveValue('1');
    await user.clear(port);
    await user.type(port, '2');
    await user.click(within(modal).getByTestId('fault-modal-apply'));
    await waitFor(() => expect(injected).toEqual([{ unitId: 'LU800-0001', fault: { type: 'modemFail', modem: 2 } }]));
    expect(await screen.findByText('Fail a modem: applied to Drone_London_01.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('applies a kind without parameters from the menu at once', async () => {
    const { api, injected } = core(true);
    const { user } = await renderWithApp(<SimulateMenu target={UNIT} />, { roles: ['super_user'], api });
    await user.click(await screen.findByTestId('simulate-menu-unit'));
    await user.click(await screen.findByTestId('simulate-reboot'));
    await waitFor(() => expect(injected).toEqual([{ unitId: 'LU800-0001', fault: { type: 'reboot' } }]));
    expect(await screen.findByText('Reboot: applied to Drone_London_01.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a channel: the server’s faults that name a channel, the channel already chosen, in Chinese', async () => {
    const { api, injected } = core(true);
    const { user } = await renderWithApp(<SimulateMenu target={CHANNEL} />, { roles: ['staff'], api, language: 'zh' });
    await user.click(await screen.findByTestId('simulate-menu-channel'));
    const menu = await screen.findByTestId('simulate-menu-dropdown');
    const channelKinds = ServerFault.options.filter((o) => 'channelId' in o.shape).map((o) => o.shape.type.value);
    expect([...menu.querySelectorAll('[data-testid^="simulate-"]')].map((i) => i.getAttribute('data-testid'))).toEqual(
      channelKinds.map((k) => `simulate-${k}`),
    );
    await user.click(within(menu).getByText('频道许可证'));
    const modal = (await screen.findByTestId('fault-form')).closest('section') as HTMLElement;
    expect(within(modal).queryByTestId('fault-field-channelId')).not.toBeInTheDocument();
    expect(within(modal).getByText('已授权')).toBeInTheDocument();
    expect(within(modal).getByTestId('fault-field-licensed')).not.toBeChecked();
    await user.click(within(modal).getByTestId('fault-modal-apply'));
    await waitFor(() => expect(injected).toEqual([{ serverId: 'MMH-0002', fault: { type: 'channelLicense', channelId: 'MMH-0002-CH1', licensed: false } }]));
  });

  it('is not there for a user who does not run the mock (who is never probed), nor against a real core', async () => {
    const regular = core(true);
    await renderWithApp(
      <div data-testid="host">
        <SimulateMenu target={UNIT} />
      </div>,
      { roles: ['luc_regular'], api: regular.api },
    );
    expect(await screen.findByTestId('host')).toBeEmptyDOMElement();
    expect(regular.probes()).toBe(0);

    const real = core(false);
    await renderWithApp(<SimulateMenu target={UNIT} />, { roles: ['super_user'], api: real.api });
    await waitFor(() => expect(real.probes()).toBeGreaterThan(0));
    expect(screen.queryByTestId('simulate-menu-unit')).not.toBeInTheDocument();
  });
});
