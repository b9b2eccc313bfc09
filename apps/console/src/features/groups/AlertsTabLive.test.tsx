/**
 * An edit in progress survives a save made elsewhere (a realtime `groupAlerts.changed`): the form
 * stays mounted with the user's values, says the configuration changed underneath and what both
 * changed, and offers to reload theirs or keep the user's values; a save before choosing is sent
 * at the version the user started from, and the core's 409 is shown.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TYPE_SETTINGS } from '@fleet/contracts';
import type { GroupAlertsConfiguration } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import AlertsTab from './AlertsTab';

const withThreshold = (warning: number, version: number): GroupAlertsConfiguration => {
  const battery = { ...DEFAULT_ALERT_TYPE_SETTINGS.battery, thresholds: { ...DEFAULT_ALERT_TYPE_SETTINGS.battery.thresholds, warning } };
  const alerts = { ...DEFAULT_ALERT_TYPE_SETTINGS, battery };
  return { groupId: 'g1', mode: 'manual', sourceGroupId: null, source: 'group', alerts, ownAlerts: alerts, recipients: [], version };
};

async function editThenSavedElsewhere() {
  const api = new FakeApi().on('getGroupAlertsConfiguration', withThreshold(30, 3)).on('fetchGroups', []);
  const rendered = await renderWithApp(<AlertsTab groupId="g1" inventoryId="inv1" />, { api, roles: ['luc_admin'] });
  const input = await screen.findByTestId('group-alert-threshold-battery-warning');
  await rendered.settled();
  await fill(rendered.user, input, '40');
  // Another console saves the configuration: its new version arrives over /ws.
  await rendered.socket.emit({ type: 'groupAlerts.changed', groupId: 'g1', configuration: withThreshold(25, 4), at: 1 });
  await waitFor(() => expect(screen.getByTestId('group-alerts')).toHaveAttribute('data-version', '4'));
  return { ...rendered, api, input };
}

describe('Groups: alerts edited while another console saves them', () => {
  it('keeps what the user typed and says what changed underneath', async () => {
    const { input } = await editThenSavedElsewhere();
    expect(screen.getByTestId('group-alert-threshold-battery-warning')).toBe(input);
    expect(input).toHaveValue('40 %');
    const notice = screen.getByTestId('group-alerts-conflict');
    expect(notice).toHaveTextContent('Changed elsewhere while you were editing');
    expect(notice).toHaveTextContent('also changed: Alert types');
  });

  it('reloads theirs on request', async () => {
    const { user } = await editThenSavedElsewhere();
    await user.click(screen.getByTestId('group-alerts-conflict-reload'));
    expect(screen.getByTestId('group-alert-threshold-battery-warning')).toHaveValue('25 %');
    expect(screen.queryByTestId('group-alerts-conflict')).not.toBeInTheDocument();
  });

  it('keeps the user’s values on request and saves them over the new version', async () => {
    const { api, user } = await editThenSavedElsewhere();
    api.on('updateGroupAlertsConfiguration', withThreshold(40, 5));
    await user.click(screen.getByTestId('group-alerts-conflict-keep'));
    expect(screen.queryByTestId('group-alerts-conflict')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('group-alerts-save'));
    await waitFor(() => expect(api.calls('updateGroupAlertsConfiguration')).toHaveLength(1));
    expect(api.calls('updateGroupAlertsConfiguration')[0]?.body).toMatchObject({ version: 4, alerts: { battery: { thresholds: { warning: 40 } } } });
  });

  it('a save before choosing goes at the version the user started from: the core’s conflict is shown beside what changed', async () => {
    const { api, user } = await editThenSavedElsewhere();
    api.on('updateGroupAlertsConfiguration', () => apiError('CONFLICT'));
    await user.click(screen.getByTestId('group-alerts-save'));
    await waitFor(() => expect(api.calls('updateGroupAlertsConfiguration')).toHaveLength(1));
    expect(api.calls('updateGroupAlertsConfiguration')[0]?.body).toMatchObject({ version: 3 });
    expect(await screen.findByTestId('group-alerts-error')).toBeVisible();
    expect(screen.getByTestId('group-alerts-conflict')).toHaveTextContent('also changed: Alert types');
    expect(screen.getByTestId('group-alert-threshold-battery-warning')).toHaveValue('40 %');
  });
});
