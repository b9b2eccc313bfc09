/**
 * A transceiver's upgrade refused because it is busy or has an encoder input (spec 001 §8): the
 * catalogue's text where the dialog shows the core's refusal, and no start offered after it.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { UpgradeCandidate, UpgradeEligibility, UpgradeTargets } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { UpgradeTab } from './UpgradeTab';

const transceiver: UpgradeCandidate = {
  deviceType: 'server',
  id: 'TRX1',
  name: 'Transceiver_1',
  productType: 'Transceiver',
  kind: 'transceiver_server',
  inventories: [{ id: 'inv1', name: 'Newsroom' }],
  currentVersion: '9.2.1',
  targetSwVersion: null,
  status: 'online',
  job: null,
};

const targets: UpgradeTargets = {
  deviceType: 'server',
  deviceId: 'TRX1',
  currentVersion: '9.2.1',
  job: null,
  targets: [{ number: '10.0', description: 'Autumn release', releaseNotesUrl: null, eligible: true, reasons: [], warnings: [] }],
};

function eligibility(overrides: Partial<UpgradeEligibility> = {}): UpgradeEligibility {
  return { deviceType: 'server', deviceId: 'TRX1', currentVersion: '9.2.1', targetVersion: '10.0', eligible: true, reasons: [], warnings: [], ...overrides };
}

describe('Errors: transceiver busy or with an encoder input', () => {
  it('shows the core refusing the start in the spec words, then the reason read again, and offers no start', async () => {
    // Idle when the dialog checked it; an encoder input arrived before the start.
    let checks = 0;
    const api = new FakeApi()
      .on('listUpgradeCandidates', { items: [transceiver], total: 1, offset: 0, limit: 50 })
      .on('getServerUpgradeTargets', targets)
      .on('getServerUpgradeEligibility', () => {
        checks += 1;
        return checks === 1
          ? eligibility()
          : eligibility({
              eligible: false,
              reasons: [
                { rule: 'transceiverBusy', errorCode: 'TRANSCEIVER_BUSY', deviceCode: null, message: 'The transceiver is busy or has an encoder input' },
              ],
            });
      })
      .on('startServerUpgrade', apiError('TRANSCEIVER_BUSY'));
    const { user } = await renderWithApp(<UpgradeTab />, { roles: ['super_user'], route: '/devices', api });
    await user.click(await screen.findByTestId('upgrade-open-TRX1'));
    await user.click(await screen.findByTestId('upgrade-target'));
    await user.click(await screen.findByRole('option', { name: /^10\.0/ }));
    expect(await screen.findByTestId('upgrade-eligible')).toBeVisible();
    await user.click(screen.getByTestId('upgrade-start'));

    expect(await screen.findByTestId('upgrade-refused')).toHaveAttribute('data-code', 'TRANSCEIVER_BUSY');
    expect(screen.getByTestId('upgrade-refused-message')).toHaveTextContent(ERROR_CATALOGUE.TRANSCEIVER_BUSY.message);
    expect(await screen.findByTestId('upgrade-reason-transceiverBusy')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('upgrade-start')).toBeDisabled());
    expect(api.calls('startServerUpgrade')).toHaveLength(1);
  });
});
