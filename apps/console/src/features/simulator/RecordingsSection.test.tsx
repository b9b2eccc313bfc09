import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FleetImportResult, RecordingSummary, ReplayStatus } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { answered, ControlPlane, refused } from '../../test-utils/controlPlane';
import { RecordingsSection } from './RecordingsSection';
import { mockRecordingsUrl, mockTrpcUrl } from './trpc';

const night: RecordingSummary = {
  id: 'rec-night',
  name: 'night-shift',
  source: 'core',
  startedAt: Date.UTC(2030, 0, 1, 22),
  durationMs: 60_000,
  counts: { device: 0, request: 0, event: 12, answer: 30 },
  bytes: 2048,
  active: false,
};

const replay: ReplayStatus = {
  replayId: 'rp-1',
  recordingId: night.id,
  name: night.name,
  state: 'paused',
  applied: 0,
  total: 12,
  elapsedMs: 0,
  durationMs: 60_000,
  clock: { kind: 'stepped', factor: 1, now: Date.UTC(2030, 0, 2) },
  requests: { ok: 0, failed: 0 },
  notReplayable: 0,
  errors: [],
};

/** The fake core of the panel: the recordings, no replay yet. */
function core(recordings: RecordingSummary[] = [night], current: ReplayStatus | null = null): FakeApi {
  return new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/recording.list`, () => answered(recordings))
    .onRaw('GET', `${mockTrpcUrl()}/replay.status`, () => answered({ replay: current }));
}

describe('Simulator panel: recordings', () => {
  it("links each finished recording's file for download, and counts a proxy recording's REST answers", async () => {
    await renderWithApp(
      <ControlPlane>
        <RecordingsSection />
      </ControlPlane>,
      { roles: ['super_user'], api: core() },
    );
    expect(await screen.findByTestId(`simulator-recording-download-${night.id}`)).toHaveAttribute('href', `${mockRecordingsUrl()}/${night.id}`);
    // Made through the proxy: its REST answers are counted too.
    expect(screen.getByTestId(`simulator-recordings-counts-${night.id}`)).toHaveTextContent('0 / 0 / 12 + 30 REST answers');
  });

  it("says an uploaded file was refused, in the core's words (another format version)", async () => {
    const message = 'line 1: version 3 is not supported (this reader takes 1 and 2)';
    const api = core().onRaw('POST', mockRecordingsUrl(), () => ({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message } } }));
    const { user } = await renderWithApp(
      <ControlPlane>
        <RecordingsSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    await screen.findByTestId(`simulator-recordings-row-${night.id}`);

    await user.upload(screen.getByTestId('simulator-recording-upload-input'), new File(['{"format":"fleet-recording","version":3}\n'], 'future.ndjson'));

    expect(await screen.findByTestId('simulator-recording-upload-error')).toHaveTextContent(`Not uploaded: ${message}`);
  });

  it('imports a recording into the fleet: what it covers and leaves out, the speed and pause sent, then what it made', async () => {
    const sent: unknown[] = [];
    const result: FleetImportResult = {
      recordingId: night.id,
      counts: {
        inventories: 2,
        groups: 3,
        units: 24,
        servers: 4,
        channels: 5,
        vrChannels: 1,
        unitConfigurations: 6,
        serverConfigurations: 2,
        alerts: 3,
        alertConfigurations: 4,
        users: 7,
        audioRooms: 1,
      },
      live: 24,
      replay,
    };
    const api = core().onRaw('POST', `${mockTrpcUrl()}/recording.importFleet`, ({ body }) => {
      sent.push(body);
      return answered(result);
    });
    const { user } = await renderWithApp(
      <ControlPlane>
        <RecordingsSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );

    await user.click(await screen.findByTestId(`simulator-recording-import-${night.id}`));
    const modal = await screen.findByTestId('simulator-import-modal');
    expect(modal).toHaveTextContent('Import night-shift into the fleet');
    expect(modal).toHaveTextContent(
      "the units' configuration, the servers' configuration tabs, alerts and alerts configurations (an inventory's too), users (the signed-in one too) and audio rooms",
    );
    expect(within(modal).getByTestId('simulator-import-not-covered')).toHaveTextContent(
      'Never imported: secrets (passwords, passphrases, keys), which a recording never holds. A user made from the recording has no password until an administrator sets one',
    );
    await user.selectOptions(within(modal).getByTestId('simulator-import-speed'), '20');
    await user.click(within(modal).getByTestId('simulator-import-paused'));
    await user.click(within(modal).getByTestId('simulator-import-submit'));

    expect(await within(modal).findByTestId('simulator-import-counts')).toHaveTextContent(
      'Imported 2 inventories, 3 groups, 24 units, 4 servers, 5 channels and 1 video return channels; live values of 24 units; the configuration of 6 units and 2 servers, 3 alerts, 4 alerts configurations, 7 users and 1 audio rooms.',
    );
    expect(sent).toEqual([{ recordingId: night.id, speed: 20, paused: true }]);
    expect(within(modal).getByTestId('simulator-import-replay')).toHaveTextContent('Replay of night-shift: paused, 0 of 12 entries played');
    expect(within(modal).queryByTestId('simulator-import-submit')).toBeNull();
    await user.click(within(modal).getByTestId('simulator-import-close'));
    expect(screen.queryByTestId('simulator-import-modal')).toBeNull();
  });

  it("shows the core's refusal of an import", async () => {
    const api = core().onRaw('POST', `${mockTrpcUrl()}/recording.importFleet`, () => refused(404, 'NOT_FOUND', `No recording ${night.id}`));
    const { user } = await renderWithApp(
      <ControlPlane>
        <RecordingsSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    await user.click(await screen.findByTestId(`simulator-recording-import-${night.id}`));
    await user.click(await screen.findByTestId('simulator-import-submit'));
    expect(await screen.findByTestId('simulator-import-error')).toHaveTextContent(`No recording ${night.id}`);
    expect(screen.queryByTestId('simulator-import-result')).toBeNull();
  });

  it('offers no import while a replay is playing or paused', async () => {
    await renderWithApp(
      <ControlPlane>
        <RecordingsSection />
      </ControlPlane>,
      { roles: ['super_user'], api: core([night], replay) },
    );
    const button = await screen.findByTestId(`simulator-recording-import-${night.id}`);
    await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(true);
  });
});
