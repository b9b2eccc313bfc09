/**
 * A remote action opened from the history (GET v2/remoteActions/{id}): read afresh as it opens
 * (its status as of now), read again on `remoteAction.changed`, with the support access's time
 * left and what the device answered.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { RemoteAction } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeUnit } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import { PartnerRemoteActions } from './PartnerRemoteActions';

function action(overrides: Partial<RemoteAction> = {}): RemoteAction {
  const at = new Date(Date.now() - 60_000).toISOString();
  return {
    id: 'ra1',
    deviceType: 'unit',
    deviceId: 'LU800-0001',
    deviceName: 'Camera_north',
    inventoryIds: ['inv1'],
    action: 'sendLogs',
    reason: 'Audio drops',
    status: 'running',
    result: {},
    requestedBy: 'partner.one',
    supportAccess: null,
    createdAt: at,
    updatedAt: at,
    version: 2,
    ...overrides,
  };
}

/** The core's copies: `fresh` is what a read of the action answers now. */
function raApi(listed: RemoteAction, core: { fresh: RemoteAction }): FakeApi {
  return new FakeApi()
    .on('fetchDevices', [makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north', inventoryIds: ['inv1'] })])
    .on('listRemoteActions', () => ({ items: [listed], total: 1, offset: 0, limit: 20 }))
    .on('getRemoteAction', () => core.fresh);
}

describe('Remote actions: one action’s details', () => {
  it('reads the action afresh when it is opened and follows it live', async () => {
    const core = { fresh: action({ status: 'done', result: { caseId: 'SUP-1042' }, version: 3 }) };
    const api = raApi(action({ status: 'running' }), core);
    const { user, socket, settled } = await renderWithApp(<PartnerRemoteActions />, { roles: ['luc_partner'], route: '/remote_actions', api });

    await user.click(await screen.findByTestId('ra-history-open-ra1'));
    await waitFor(() => expect(screen.getByTestId('ra-detail')).toHaveAttribute('data-status', 'done'));
    expect(api.calls('getRemoteAction')[0]?.url).toBe('/api/v2/remoteActions/ra1');
    expect(screen.getByTestId('ra-detail-result')).toHaveTextContent('caseId: SUP-1042');
    expect(screen.getByTestId('ra-detail-reason')).toHaveTextContent('Audio drops');

    await settled();
    // The event makes the action read again.
    core.fresh = action({ status: 'failed', result: { reason: 'offline' }, version: 4 });
    await socket.emit({ type: 'remoteAction.changed', remoteAction: core.fresh, at: 1 });
    await waitFor(() => expect(screen.getByTestId('ra-detail-status')).toHaveAttribute('data-status', 'failed'));
    expect(screen.getByTestId('ra-detail-result')).toHaveTextContent('reason: offline');
  });

  it('shows a support access with its time left, and as expired once the core says so', async () => {
    const expiresAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const access = action({ id: 'ra1', action: 'supportAccess', status: 'done', supportAccess: { id: 'acc1', status: 'active', expiresAt } });
    const api = raApi(access, { fresh: { ...access, supportAccess: { id: 'acc1', status: 'expired', expiresAt } } });
    const { user } = await renderWithApp(<PartnerRemoteActions />, { roles: ['luc_partner'], route: '/remote_actions', api });
    // The list still says active…
    expect(await screen.findByTestId('ra-history-access-ra1')).toHaveTextContent(/h .* min left/);
    await user.click(screen.getByTestId('ra-history-open-ra1'));
    // …the action read now says expired.
    await waitFor(() => expect(screen.getByTestId('ra-detail-access')).toHaveTextContent('Expired'));
  });
});

describe('Remote actions: send logs', () => {
  it('requires the reason, then shows the core’s refusal of a partner without an e-mail address in its words', async () => {
    const api = raApi(action({ status: 'done' }), { fresh: action({ status: 'done' }) })
      .on('fetchChannels', { channels: [], counters: countChannels([]) })
      .on('createRemoteAction', apiError('SUPPORT_CASE_NO_EMAIL'));
    const { user } = await renderWithApp(<PartnerRemoteActions />, { roles: ['luc_partner'], route: '/remote_actions', api });

    await user.click(await screen.findByTestId('ra-send-logs-LU800-0001'));
    const dialog = await screen.findByTestId('ra-dialog-sendLogs');
    await user.click(screen.getByTestId('ra-dialog-confirm'));
    // The call's own schema refuses the empty reason (the core would answer the same).
    await waitFor(() => expect(dialog).toHaveTextContent(VALIDATION.required));

    await fill(user, screen.getByTestId('ra-dialog-reason'), 'Dropped frames since noon');
    await user.click(screen.getByTestId('ra-dialog-confirm'));
    expect(await screen.findByTestId('ra-dialog-error')).toHaveTextContent(VALIDATION.supportCaseNoEmail);
    expect(screen.getByTestId('ra-dialog-sendLogs')).not.toHaveTextContent(VALIDATION.required);
  }, 20_000);
});
