import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TYPE_SETTINGS } from '@fleet/contracts';
import type { GroupAlertsConfiguration } from '@fleet/contracts';
import { alertsBody, alertsDraftOf, followableGroups, recipientView, thresholdErrors } from './alertsForm';

const config: GroupAlertsConfiguration = {
  groupId: 'g1',
  mode: 'manual',
  sourceGroupId: null,
  source: 'group',
  alerts: DEFAULT_ALERT_TYPE_SETTINGS,
  ownAlerts: DEFAULT_ALERT_TYPE_SETTINGS,
  recipients: [
    { alertType: 'all', email: 'ops@example.com', verified: true, state: 'verified', verificationExpiresAt: null },
    { alertType: 'battery', email: 'late@example.com', verified: false, state: 'expired', verificationExpiresAt: '2026-01-01T00:00:00.000Z' },
  ],
  version: 3,
};

describe('group alerts tab', () => {
  it('saves the draft with the version read; the followed group only in group mode', () => {
    const draft = alertsDraftOf(config);
    expect(alertsBody(draft, 3)).toEqual({
      mode: 'manual',
      alerts: DEFAULT_ALERT_TYPE_SETTINGS,
      recipients: [
        { alertType: 'all', email: 'ops@example.com' },
        { alertType: 'battery', email: 'late@example.com' },
      ],
      version: 3,
    });
    expect(alertsBody({ ...draft, mode: 'group', sourceGroupId: 'g2' }, 3)).toMatchObject({ mode: 'group', sourceGroupId: 'g2' });
    expect(alertsBody({ ...draft, mode: 'automatic', sourceGroupId: 'g2' }, 3)).not.toHaveProperty('sourceGroupId');
  });

  it("shows each recipient's state; one added since the read is unsaved", () => {
    expect(recipientView(config.recipients, { alertType: 'all', email: 'OPS@example.com' })).toBe('verified');
    expect(recipientView(config.recipients, { alertType: 'battery', email: 'late@example.com' })).toBe('expired');
    expect(recipientView(config.recipients, { alertType: 'all', email: 'late@example.com' })).toBe('unsaved');
  });

  it('a group follows only another group of its inventory', () => {
    const groups = [
      { id: 'g1', inventoryId: 'a' },
      { id: 'g2', inventoryId: 'a' },
      { id: 'g3', inventoryId: 'b' },
    ];
    expect(followableGroups(groups, { id: 'g1', inventoryId: 'a' }).map((g) => g.id)).toEqual(['g2']);
  });
});

describe('threshold problems by alert type', () => {
  it('puts each message on its own type, from the form check or the core', () => {
    expect(
      thresholdErrors([
        { path: 'alerts.battery.thresholds.critical', message: 'Invalid field' },
        { path: 'body.alerts.serverCpu.thresholds.warning', message: 'Must be 100 or less' },
        { path: 'recipients.0.email', message: 'Invalid email format' },
        { path: 'alerts.battery.thresholds.warning', message: 'second' },
      ]),
    ).toEqual({ battery: 'Invalid field', serverCpu: 'Must be 100 or less' });
  });
});
