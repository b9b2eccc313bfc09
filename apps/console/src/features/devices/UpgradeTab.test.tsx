/**
 * The software upgrade tab (spec 001 §4, §5, §8): the version chosen is checked against the device
 * as it is now (GET v2/{units|servers}/{id}/upgrade/eligibility) before the start is offered — its
 * reasons as the core words them, with their §8 codes, the 9.2.1 reset confirmed — and a run opens with its progress read
 * afresh (GET v2/upgrades/{id}), kept current by `upgrade.changed`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpgradeCandidate, UpgradeEligibility, UpgradeJob, UpgradeTargets } from '@fleet/contracts';
import zh from '../../i18n/zh.json';
import zhUpgrades from '../../i18n/areas/upgrades.zh.json';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { UpgradeTab } from './UpgradeTab';

const at = '2026-01-10T09:00:00.000Z';

function job(overrides: Partial<UpgradeJob> = {}): UpgradeJob {
  return {
    id: 'job1',
    deviceType: 'unit',
    deviceId: 'LU800-0001',
    deviceName: 'Camera_north',
    fromVersion: '9.2.1',
    targetVersion: '10.0',
    state: 'upgrading',
    progress: 40,
    failureCode: null,
    failureText: null,
    batchId: null,
    requestedById: 'u1',
    startedAt: at,
    finishedAt: null,
    createdAt: at,
    updatedAt: at,
    version: 2,
    ...overrides,
  };
}

function candidate(overrides: Partial<UpgradeCandidate> = {}): UpgradeCandidate {
  return {
    deviceType: 'unit',
    id: 'LU800-0001',
    name: 'Camera_north',
    productType: 'LU800',
    kind: 'fieldUnits',
    inventories: [{ id: 'inv1', name: 'Newsroom' }],
    currentVersion: '9.2.1',
    targetSwVersion: null,
    status: 'idle',
    job: null,
    ...overrides,
  };
}

const targets: UpgradeTargets = {
  deviceType: 'unit',
  deviceId: 'LU800-0001',
  currentVersion: '9.2.1',
  job: null,
  targets: [{ number: '10.0', description: 'Autumn release', releaseNotesUrl: null, eligible: true, reasons: [], warnings: [] }],
};

function eligibility(overrides: Partial<UpgradeEligibility> = {}): UpgradeEligibility {
  return {
    deviceType: 'unit',
    deviceId: 'LU800-0001',
    currentVersion: '9.2.1',
    targetVersion: '10.0',
    eligible: true,
    reasons: [],
    warnings: [],
    ...overrides,
  };
}

function upgradeApi(device: UpgradeCandidate = candidate()): FakeApi {
  return new FakeApi().on('listUpgradeCandidates', { items: [device], total: 1, offset: 0, limit: 50 }).on('getUnitUpgradeTargets', targets);
}

async function chooseTarget(api: FakeApi, language: 'en' | 'zh' = 'en') {
  const rendered = await renderWithApp(<UpgradeTab />, { roles: ['luc_admin'], route: '/devices', api, language });
  await rendered.user.click(await screen.findByTestId('upgrade-open-LU800-0001'));
  await rendered.user.click(await screen.findByTestId('upgrade-target'));
  await rendered.user.click(await screen.findByRole('option', { name: /^10\.0/ }));
  return rendered;
}

describe('Software upgrade: the eligibility checked before the start', () => {
  it('lists the reasons the device may not go to the version now, and offers no start', async () => {
    // The targets were read when the device could; the check now finds its server offline.
    const api = upgradeApi().on(
      'getUnitUpgradeEligibility',
      eligibility({ eligible: false, reasons: [{ rule: 'serverOffline', errorCode: 'UPGRADE_6199', deviceCode: 6199, message: 'Server offline' }] }),
    );
    await chooseTarget(api);

    const blocked = await screen.findByTestId('upgrade-blocked');
    expect(within(blocked).getByTestId('upgrade-reason-serverOffline')).toHaveTextContent('Server offline (6199)');
    expect(api.calls('getUnitUpgradeEligibility')[0]?.url).toBe('/api/v2/units/LU800-0001/upgrade/eligibility?targetVersion=10.0');
    expect(screen.getByTestId('upgrade-start')).toBeDisabled();
  });

  it('asks for the configuration reset to be confirmed, then starts the upgrade', async () => {
    const api = upgradeApi()
      .on('getUnitUpgradeEligibility', eligibility({ warnings: [{ rule: 'configurationReset', message: 'Units on 9.2.1 warn of a configuration reset' }] }))
      .on('startUnitUpgrade', () => job({ state: 'pending', progress: 0 }));
    const { user } = await chooseTarget(api);

    expect(await screen.findByTestId('upgrade-eligible')).toBeVisible();
    expect(screen.getByTestId('upgrade-warning-configurationReset')).toHaveTextContent('Units on 9.2.1 warn of a configuration reset');
    expect(screen.getByTestId('upgrade-start')).toBeDisabled();
    await user.click(screen.getByTestId('upgrade-confirm-reset'));
    await user.click(screen.getByTestId('upgrade-start'));
    await waitFor(() => expect(api.calls('startUnitUpgrade')).toHaveLength(1));
    expect(api.calls('startUnitUpgrade')[0]?.body).toEqual({ targetVersion: '10.0' });
  });

  it('checks a server against its own rules', async () => {
    const server = candidate({ deviceType: 'server', id: 'srv-1', name: 'Hub_1', kind: 'mmh_server', productType: 'Multimedia Hub' });
    const api = new FakeApi()
      .on('listUpgradeCandidates', { items: [server], total: 1, offset: 0, limit: 50 })
      .on('getServerUpgradeTargets', { ...targets, deviceType: 'server', deviceId: 'srv-1' })
      .on(
        'getServerUpgradeEligibility',
        eligibility({
          deviceType: 'server',
          deviceId: 'srv-1',
          eligible: false,
          reasons: [{ rule: 'serverBusy', errorCode: 'UPGRADE_6808', deviceCode: 6808, message: 'Server busy' }],
        }),
      );
    const { user } = await renderWithApp(<UpgradeTab />, { roles: ['super_user'], route: '/devices', api });
    await user.click(await screen.findByTestId('upgrade-open-srv-1'));
    await user.click(await screen.findByTestId('upgrade-target'));
    await user.click(await screen.findByRole('option', { name: /^10\.0/ }));
    expect(await screen.findByTestId('upgrade-reason-serverBusy')).toHaveTextContent('Server busy (6808)');
    expect(api.calls('getServerUpgradeEligibility')[0]?.url).toBe('/api/v2/servers/srv-1/upgrade/eligibility?targetVersion=10.0');
  });
});

describe('Software upgrade: a refusal of the core and a read-only user', () => {
  it('shows a refusal of the core in the user’s language, then the reason read again, and offers no start', async () => {
    // The device was eligible when the dialog checked it; its server went offline before the start.
    let checks = 0;
    const api = upgradeApi()
      .on('getUnitUpgradeEligibility', () => {
        checks += 1;
        return checks === 1
          ? eligibility()
          : eligibility({ eligible: false, reasons: [{ rule: 'serverOffline', errorCode: 'UPGRADE_6199', deviceCode: 6199, message: 'Server offline' }] });
      })
      .on('startUnitUpgrade', apiError('UPGRADE_6199'));
    const { user } = await chooseTarget(api, 'zh');

    expect(await screen.findByTestId('upgrade-eligible')).toBeVisible();
    await user.click(screen.getByTestId('upgrade-start'));

    const refused = await screen.findByTestId('upgrade-refused');
    expect(refused).toHaveAttribute('data-code', 'UPGRADE_6199');
    expect(screen.getByTestId('upgrade-refused-message')).toHaveTextContent(zh.apiErrors.UPGRADE_6199);
    expect(await screen.findByTestId('upgrade-reason-serverOffline')).toHaveTextContent(zhUpgrades.rules.serverOffline);
    expect(screen.getByTestId('upgrade-start')).toBeDisabled();
  });

  it('shows a read-only user the devices and their history with no start control', async () => {
    await renderWithApp(<UpgradeTab />, { roles: ['luc_read'], route: '/devices', api: upgradeApi() });

    expect(await screen.findByTestId('upgrade-read-only')).toBeVisible();
    expect(await screen.findByTestId('upgrade-history-LU800-0001')).toBeVisible();
    expect(screen.queryByTestId('upgrade-open-LU800-0001')).not.toBeInTheDocument();
  });
});

describe('Software upgrade: a run’s progress', () => {
  it('reads the run afresh when it is opened and follows it to its end', async () => {
    const api = upgradeApi(candidate({ job: job({ progress: 10 }) })).on('getUpgradeJob', job({ progress: 40 }));
    const { user, socket, settled } = await renderWithApp(<UpgradeTab />, { roles: ['luc_regular'], route: '/devices', api });

    await user.click(await screen.findByTestId('upgrade-job-open-LU800-0001'));
    await waitFor(() => expect(screen.getByTestId('upgrade-job-state')).toHaveAttribute('data-progress', '40'));
    expect(api.calls('getUpgradeJob')[0]?.url).toBe('/api/v2/upgrades/job1');

    await settled();
    await socket.emit({
      type: 'upgrade.changed',
      deviceType: 'unit',
      deviceId: 'LU800-0001',
      job: job({ state: 'failed', progress: 70, failureCode: 105, failureText: 'network problem', finishedAt: at, version: 5 }),
      at: 1,
    });
    await waitFor(() => expect(screen.getByTestId('upgrade-job-state')).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByTestId('upgrade-job-result')).toHaveAttribute('data-code', '105');
  });
});
