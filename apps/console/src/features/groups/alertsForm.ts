/**
 * The alerts tab's form (spec 001 §4 "Alerts configuration modes: automatic (inherit from last
 * group), by group, manual. Severities: warning, critical. Types: battery, cameraDisconnected,
 * serverCpu, serverStorage, bitrateDrop"; "Email recipient: not verified until the link is clicked
 * (valid 72 hours)"): the draft read from GET v2/groups/{id}/alerts/configuration, the PUT body it
 * makes, and each mailing-list entry's state as the user reads it.
 */
import { ALERT_TYPES } from '@fleet/contracts';
import type { AlertType, GroupAlertRecipient, GroupAlertsConfiguration, GroupAlertsConfigurationBody } from '@fleet/contracts';

export type RecipientTarget = AlertType | 'all';

export type AlertsDraft = Readonly<ReturnType<typeof alertsDraftOf>>;

export function alertsDraftOf(config: GroupAlertsConfiguration) {
  return {
    mode: config.mode,
    sourceGroupId: config.sourceGroupId,
    alerts: config.ownAlerts,
    recipients: config.recipients.map((r) => ({ alertType: r.alertType, email: r.email })),
  };
}

/** The PUT body: the manual settings travel in every mode (kept for a switch back to manual). */
export function alertsBody(draft: AlertsDraft, version: number): GroupAlertsConfigurationBody {
  return {
    mode: draft.mode,
    ...(draft.mode === 'group' && draft.sourceGroupId != null ? { sourceGroupId: draft.sourceGroupId } : {}),
    alerts: draft.alerts,
    recipients: draft.recipients.map((r) => ({ alertType: r.alertType, email: r.email })),
    version,
  };
}

/** What a mailing-list entry shows: the core's state, or `unsaved` for an entry added since the read. */
export type RecipientView = 'verified' | 'pending' | 'expired' | 'unsaved';

export function recipientView(saved: readonly GroupAlertRecipient[], entry: { readonly alertType: RecipientTarget; readonly email: string }): RecipientView {
  const found = saved.find((r) => r.alertType === entry.alertType && r.email.toLowerCase() === entry.email.toLowerCase());
  return found ? found.state : 'unsaved';
}

/** The groups a group may follow in `group` mode: others of the same inventory. */
export function followableGroups<G extends { readonly id: string; readonly inventoryId: string }>(
  groups: readonly G[],
  self: { readonly id: string; readonly inventoryId: string },
): G[] {
  return groups.filter((g) => g.id !== self.id && g.inventoryId === self.inventoryId);
}

/**
 * The threshold problems by alert type (`alerts.<type>.…` in the body, `body.alerts.<type>.…` in
 * the core's answer), so each message shows on its own row rather than on every row.
 */
export function thresholdErrors(problems: readonly { readonly path: string; readonly message: string }[]): Partial<Record<AlertType, string>> {
  const out: Partial<Record<AlertType, string>> = {};
  for (const p of problems) {
    const parts = p.path.replace(/^body\./, '').split('.');
    const type = ALERT_TYPES.find((t) => t === parts[1]);
    if (parts[0] === 'alerts' && type !== undefined && out[type] === undefined) out[type] = p.message;
  }
  return out;
}
