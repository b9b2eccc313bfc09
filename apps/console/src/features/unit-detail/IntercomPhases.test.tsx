/**
 * Spec 001 §4 "Intercom: ... bridging states connecting, bridging, stopping; collecting states
 * connecting, collecting, stopping": the Intercom tab shows each session's phase as the unit reports
 * its application — a session to a target channel bridges to the channel's return audio, one in an
 * audio room collects with the room's participants — and follows it live over /ws.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Applications, UnitConfiguration } from '@fleet/contracts';
import type { ActivityState } from '../../lib/transitions/transitions';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { intercomPhase } from './activity';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

const badge = (n: number) => screen.getByTestId(`unit-detail-intercom-${n}-session-state`);

function intercomConfiguration(): UnitConfiguration {
  return makeUnitConfiguration({
    unitUniqueId: UNIT,
    intercoms: [
      { mode: 'targetChannel', audioRoomId: null, targetChannelId: 'MMH-0001-CH1', destinationAccount: null },
      { mode: 'audioRoom', audioRoomId: 'AUD-0001', targetChannelId: null, destinationAccount: null },
    ],
  });
}

function core(applications: Applications): FakeApi {
  const unit = makeDetail({ uniqueId: UNIT, status: 'online', applications });
  return new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration: intercomConfiguration(), refreshIntervalMs: 60_000 })
    .on('getUnitSipAccount', { uniqueId: UNIT, sipAccount: null })
    .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false });
}

async function openIntercom(api: FakeApi) {
  return renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, { roles: ['luc_regular'], route: `/list?unit=${UNIT}&tab=intercom`, api });
}

describe('Unit detail, Intercom tab: bridging and collecting', () => {
  it('shows a target channel session bridging and an audio room session connecting, collecting, then stopping', async () => {
    const { socket, settled } = await openIntercom(core({ ifb: { state: 'running' }, audioRoom: { state: 'connecting' } }));

    await waitFor(() => expect(badge(1)).toHaveTextContent('Bridging'));
    expect(screen.getByTestId('unit-detail-intercom-1-phase')).toHaveAttribute('data-phase', 'bridging');
    expect(screen.getByTestId('unit-detail-intercom-1-phase')).toHaveTextContent('Bridged to the return audio of channel MMH-0001-CH1');
    expect(badge(2)).toHaveTextContent('Connecting…');
    expect(screen.queryByTestId('unit-detail-intercom-2-phase')).not.toBeInTheDocument();

    await settled();
    const report = (apps: Applications, at: number) =>
      socket.emit({ type: 'unit.status', unitId: UNIT, status: 'online', previous: 'online', change: null, applications: apps, at });
    await report({ ifb: { state: 'running' }, audioRoom: { state: 'running' } }, 2);
    await waitFor(() => expect(badge(2)).toHaveTextContent('Collecting'));
    expect(screen.getByTestId('unit-detail-intercom-2-phase')).toHaveTextContent('Collected with the participants of audio room AUD-0001');

    await report({ ifb: { state: 'running' }, audioRoom: { state: 'stopping' } }, 3);
    await waitFor(() => expect(badge(2)).toHaveTextContent('Stopping…'));
    await report({ ifb: { state: 'running' } }, 4);
    await waitFor(() => expect(badge(2)).toHaveTextContent('Stopped'));
    expect(badge(1)).toHaveTextContent('Bridging');
  });

  it('starts a session (connecting until the unit reports it, then bridging) and stops it (stopping, then stopped)', async () => {
    const outcome = (intercomState: 'connecting' | 'disconnecting') =>
      ({
        uniqueId: UNIT,
        action: intercomState === 'connecting' ? 'startIntercom' : 'stopIntercom',
        accepted: true,
        status: 'online',
        applications: {},
        session: 1,
        mode: 'targetChannel',
        intercomState,
      }) as const;
    const api = core({})
      .on('startIntercomSession', () => outcome('connecting'))
      .on('stopIntercomSession', () => outcome('disconnecting'));
    const { user, socket, settled } = await openIntercom(api);
    await waitFor(() => expect(badge(1)).toHaveTextContent('Stopped'));
    await settled();

    await user.click(screen.getByTestId('unit-detail-intercom-1-session-start'));
    await waitFor(() => expect(badge(1)).toHaveTextContent('Connecting…'));
    expect(api.calls('startIntercomSession').map((c) => c.url)).toEqual([`/api/v2/units/${UNIT}/intercom/session/1`]);
    await socket.emit({
      type: 'unit.status',
      unitId: UNIT,
      status: 'online',
      previous: 'online',
      change: null,
      applications: { ifb: { state: 'running' } },
      at: 2,
    });
    await waitFor(() => expect(badge(1)).toHaveTextContent('Bridging'));

    await user.click(screen.getByTestId('unit-detail-intercom-1-session-stop'));
    await waitFor(() => expect(badge(1)).toHaveTextContent('Stopping…'));
    expect(api.calls('stopIntercomSession')).toHaveLength(1);
    await socket.emit({ type: 'unit.status', unitId: UNIT, status: 'online', previous: 'online', change: null, applications: {}, at: 3 });
    await waitFor(() => expect(badge(1)).toHaveTextContent('Stopped'));
  });

  it('names the phases of each mode', () => {
    const states: ActivityState[] = ['off', 'connecting', 'running', 'disconnecting', 'failed'];
    expect(states.map((s) => intercomPhase('targetChannel', s))).toEqual(['off', 'connecting', 'bridging', 'stopping', 'failed']);
    expect(states.map((s) => intercomPhase('audioRoom', s))).toEqual(['off', 'connecting', 'collecting', 'stopping', 'failed']);
  });
});
