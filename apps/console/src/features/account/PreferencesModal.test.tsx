/**
 * The preferences modal (spec 000 §3 Preferences; §9 "Default alert settings ... all on; alert
 * sound on for critical, off for warning"): "Back to the defaults" takes the unit alert settings
 * and sounds of the core's default alert configuration (GET alerts/configuration/default), and
 * the save sends them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, DEFAULT_ALERT_SETTINGS, type DefaultAlertConfiguration } from '@fleet/contracts';
import { COLOR_SCHEME_STORAGE_KEY } from '../../colorScheme';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { PreferencesModal } from './PreferencesModal';

const setting = { enabled: true, level: 'warning' as const, thresholds: { warning: null, critical: null } };
const DEFAULTS: DefaultAlertConfiguration = {
  modes: ['automatic', 'group', 'manual'],
  defaultMode: 'automatic',
  alerts: Object.fromEntries(ALERT_TYPES.map((type) => [type, setting])) as DefaultAlertConfiguration['alerts'],
  settings: { ...DEFAULT_ALERT_SETTINGS, newDeviceAdded: false },
  soundSettings: { critical: true, warning: false },
};

describe('preferences: unit alerts back to the defaults', () => {
  it('takes the alert settings and sounds of the default alert configuration and saves them', async () => {
    const api = new FakeApi().on('getDefaultAlertConfiguration', DEFAULTS).on('updateUserPreferences', ({ body }) => body);
    const { user } = await renderWithApp(<PreferencesModal opened onClose={() => undefined} />, {
      roles: ['luc_regular'],
      preferences: { unitAlertsSettings: { ...DEFAULT_ALERT_SETTINGS, offlineToOnline: false }, unitAlertsSoundSettings: { critical: false, warning: true } },
      api,
    });
    expect(await screen.findByTestId('preferences-alert-offlineToOnline')).not.toBeChecked();
    await waitFor(() => expect(screen.getByTestId('preferences-alert-defaults')).toBeEnabled());
    await user.click(screen.getByTestId('preferences-alert-defaults'));
    expect(screen.getByTestId('preferences-alert-offlineToOnline')).toBeChecked();
    expect(screen.getByTestId('preferences-alert-newDeviceAdded')).not.toBeChecked();
    expect(screen.getByTestId('preferences-sound-critical')).toBeChecked();
    expect(screen.getByTestId('preferences-sound-warning')).not.toBeChecked();

    await user.click(screen.getByTestId('preferences-save'));
    await waitFor(() => expect(api.calls('updateUserPreferences')).toHaveLength(1));
    expect(api.calls('updateUserPreferences')[0]?.body).toMatchObject({
      unitAlertsSettings: { ...DEFAULT_ALERT_SETTINGS, newDeviceAdded: false },
      unitAlertsSoundSettings: { critical: true, warning: false },
    });
  });
});

describe('preferences: the graphics region (spec 000 §3 graphicsRegion)', () => {
  it('shows the stored region and saves it with the other preferences', async () => {
    const api = new FakeApi().on('getDefaultAlertConfiguration', DEFAULTS).on('updateUserPreferences', ({ body }) => body);
    const { user } = await renderWithApp(<PreferencesModal opened onClose={() => undefined} />, {
      roles: ['luc_regular'],
      preferences: { graphicsRegion: 'eu-west' },
      api,
    });
    expect(await screen.findByTestId('preferences-graphics-region')).toHaveValue('eu-west');
    await user.click(screen.getByTestId('preferences-save'));
    await waitFor(() => expect(api.calls('updateUserPreferences')).toHaveLength(1));
    expect(api.calls('updateUserPreferences')[0]?.body).toMatchObject({ graphicsRegion: 'eu-west' });
  });
});

describe('preferences: the colour scheme', () => {
  it('switches to dark at once and remembers it in this browser and the preferences; System follows the system again', async () => {
    const api = new FakeApi().on('getDefaultAlertConfiguration', DEFAULTS);
    const { user } = await renderWithApp(<PreferencesModal opened onClose={() => undefined} />, { roles: ['luc_regular'], api });
    const root = document.documentElement;
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'light');
    const choice = await screen.findByTestId('preferences-color-scheme');
    await user.click(within(choice).getByText('Dark'));
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(api.calls('updateUserPreferences').map((c) => c.body)).toEqual([{ colorScheme: 'dark' }]));

    await user.click(within(choice).getByText('System'));
    expect(choice).toHaveAttribute('data-scheme', 'auto');
    // The test's system asks for no dark scheme (setup.ts): System shows light.
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'light');
    await waitFor(() => expect(api.calls('updateUserPreferences').at(-1)?.body).toEqual({ colorScheme: 'auto' }));
  });
});
