/**
 * The group modal's alert types (spec 001 §4 severities, types): one row per type with its
 * on/off, severity and two thresholds under their headers, editable in manual mode by those who
 * may change the configuration, and saved with the edits.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, DEFAULT_ALERT_TYPE_SETTINGS } from '@fleet/contracts';
import type { AlertConfigMode, GroupAlertsConfiguration, Role } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import AlertsTab from './AlertsTab';

function configuration(mode: AlertConfigMode): GroupAlertsConfiguration {
  return {
    groupId: 'g1',
    mode,
    sourceGroupId: null,
    source: 'group',
    alerts: DEFAULT_ALERT_TYPE_SETTINGS,
    ownAlerts: DEFAULT_ALERT_TYPE_SETTINGS,
    recipients: [],
    version: 3,
  };
}

function open(mode: AlertConfigMode, roles: Role[]) {
  const api = new FakeApi()
    .on('getGroupAlertsConfiguration', configuration(mode))
    .on('updateGroupAlertsConfiguration', configuration(mode))
    .on('fetchGroups', []);
  return { api, rendered: renderWithApp(<AlertsTab groupId="g1" inventoryId="inv1" />, { api, roles, realtime: false }) };
}

describe('Groups: the alert types', () => {
  it('shows one row per type under its headers, and saves an edited threshold in manual mode', async () => {
    const { api, rendered } = open('manual', ['luc_admin']);
    const { user } = await rendered;
    const table = await screen.findByTestId('group-alerts-types');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    for (const type of ALERT_TYPES) expect(screen.getByTestId(`group-alert-${type}`)).toBeVisible();
    expect(screen.getByTestId('group-alert-threshold-battery-warning')).toHaveValue('30 %');
    await user.click(screen.getByTestId('group-alert-enabled-serverCpu'));
    await user.clear(screen.getByTestId('group-alert-threshold-battery-warning'));
    await user.type(screen.getByTestId('group-alert-threshold-battery-warning'), '40');
    await user.click(screen.getByTestId('group-alerts-save'));
    const body = api.calls('updateGroupAlertsConfiguration')[0]?.body;
    expect(body).toMatchObject({ alerts: { battery: { thresholds: { warning: 40 } }, serverCpu: { enabled: false } } });
  });

  it('keeps the types read-only outside manual mode', async () => {
    await open('automatic', ['luc_admin']).rendered;
    expect(await screen.findByTestId('group-alert-enabled-battery')).toBeDisabled();
    expect(screen.getByTestId('group-alert-threshold-battery-critical')).toHaveAttribute('readonly');
  });
});
