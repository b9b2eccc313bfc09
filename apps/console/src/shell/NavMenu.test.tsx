import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagedService, Role, ServicesStatus } from '@fleet/contracts';
import { FakeApi, apiError } from '../test-utils/fakeApi';
import { makeUser } from '../test-utils/fixtures';
import { renderWithApp } from '../test-utils/render';
import type { UserEvent } from '@testing-library/user-event';
import { MENU } from './menu';
import type { MenuEntry } from './menu';
import { NavMenu } from './NavMenu';

const GROUP_IDS = (function groups(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.type === 'group' ? [entry.id, ...groups(entry.items)] : []));
})(MENU);

/** Opens every group of the menu, as a user unfolding it all would. */
async function openAllGroups(user: UserEvent): Promise<void> {
  for (const id of GROUP_IDS) {
    const group = screen.queryByTestId(`nav-${id}`);
    if (group !== null && !group.hasAttribute('data-expanded')) await user.click(group);
  }
}

/** The link entries shown, by menu id. */
function links(): string[] {
  return screen
    .getAllByRole('link')
    .map((link) => link.getAttribute('data-testid')?.replace(/^nav-/, '') ?? '')
    .sort();
}

async function renderMenu(roles: Role[], api = new FakeApi()) {
  const currentUser = makeUser(roles);
  const rendered = await renderWithApp(<NavMenu user={currentUser} onNavigate={() => undefined} />, { user: currentUser, api, route: '/list' });
  await screen.findByTestId('nav-unitList');
  await openAllGroups(rendered.user);
  return rendered;
}

function servicesStatus(audioUsable: boolean): ServicesStatus {
  return {
    inventoryId: 'inv1',
    services: [{ serviceName: 'web_aud_connect', state: audioUsable ? 'enabled' : 'notEnabled', usable: audioUsable }],
    activeFeatures: audioUsable ? ['web_aud_connect'] : [],
    hasGraphics: false,
    hasSmartPlan: false,
    hasGoPlan: false,
    cacheMs: 1_800_000,
    at: '2026-01-10T09:00:00.000Z',
  };
}

const audioService: ManagedService = {
  inventoryId: 'inv1',
  serviceName: 'web_aud_connect',
  status: 'enabled',
  trialState: null,
  state: 'enabled',
  usable: true,
  trialAvailable: false,
  trialStartedAt: null,
  trialEndsAt: null,
  trialHoursUsed: null,
  trialHoursLeft: null,
  expiresAt: null,
  usageKind: 'na',
  quota: null,
  used: null,
  planType: null,
  version: 1,
};

describe('the menu per role (spec 000 §2, 001 §2, §6)', () => {
  it('shows a read-only user the unit area and the platform lists, nothing to manage', async () => {
    await renderMenu(['luc_read']);
    const shown = links();
    expect(shown).toEqual(expect.arrayContaining(['unitList', 'multiview', 'map', 'files', 'stories', 'channels', 'devices', 'videoReturn']));
    for (const hidden of ['users', 'groups', 'fileUpload', 'systemEntities', 'publishers']) expect(shown).not.toContain(hidden);
  });

  it('shows an admin the manage pages, not the platform admin console', async () => {
    await renderMenu(['luc_admin']);
    const shown = links();
    expect(shown).toEqual(expect.arrayContaining(['users', 'groups', 'usageProfiles', 'softwareVersions', 'inventoryServices', 'usageReports', 'fileUpload']));
    for (const hidden of ['systemEntities', 'systemSettings', 'adminRemoteActions', 'partnerRemoteActions', 'contractor']) expect(shown).not.toContain(hidden);
  });

  it('shows a super user the support-staff section with the admin remote actions', async () => {
    await renderMenu(['super_user']);
    const shown = links();
    expect(shown).toEqual(expect.arrayContaining(['systemEntities', 'systemSettings', 'adminRemoteActions', 'accessApproval', 'whatsNew', 'batchUpgrade']));
    expect(shown).not.toContain('partnerRemoteActions');
  });

  it('labels the entries in the spec’s words (000 §2 menu labels)', async () => {
    await renderMenu(['super_user']);
    const label = (id: string) => screen.getByTestId(`nav-${id}`).textContent;
    const expected: Record<string, string> = {
      units: 'Units',
      unitList: 'Unit List',
      multiview: 'Multiview',
      fileUpload: 'File Upload',
      map: 'Map',
      files: 'Files',
      stories: 'Stories',
      manage: 'Manage',
      devices: 'Devices',
      channels: 'Channels',
      videoReturn: 'Video Return',
      users: 'Users',
      publishers: 'Publishers',
      subscribers: 'Subscribers',
      usageProfiles: 'Usage Profiles',
      groups: 'Groups',
      softwareVersions: 'Software Versions',
      services: 'Services',
      inventoryServices: 'Inventory Services',
      unitLicenseActivation: 'Unit and License Activation',
      usageReports: 'Usage Reports',
      clientApplication: 'Client Application',
      modemsVendorModel: 'Modems Vendor/Model',
      ifbServers: 'IFB Servers',
      systemEntities: 'System Entities',
      systemSettings: 'System Settings',
      adminRemoteActions: 'Remote Actions',
      accessApproval: 'Access Approval',
      whatsNew: "What's New",
      batchUpgrade: 'Batch Upgrade',
    };
    for (const [id, text] of Object.entries(expected)) expect(label(id), id).toContain(text);
  });

  it('shows a partner the Support remote actions', async () => {
    await renderMenu(['luc_partner']);
    expect(links()).toContain('partnerRemoteActions');
    expect(links()).not.toContain('adminRemoteActions');
    expect(screen.getByTestId('nav-support')).toHaveTextContent('Support');
  });

  it('shows a contractor the contractor entities', async () => {
    await renderMenu(['luc_contractor']);
    expect(links()).toContain('contractor');
    expect(screen.getByTestId('nav-contractor')).toHaveTextContent('Contractor');
  });

  it('opens the page of a clicked entry', async () => {
    const { user, router } = await renderMenu(['luc_admin']);
    await user.click(screen.getByTestId('nav-groups'));
    expect(router.state.location.pathname).toBe('/groups');
  });
});

describe('the menu per managed service', () => {
  it('hides Audio Connect while the inventory’s service is off, and shows it when /ws says it is on', async () => {
    const api = new FakeApi().on('getServicesStatus', servicesStatus(false));
    const { socket, settled } = await renderMenu(['luc_admin'], api);
    await settled();
    await waitFor(() => expect(links()).not.toContain('audioConnect'));
    expect(links()).toContain('groups');
    const reads = api.calls('getServicesStatus').length;

    await socket.emit({ type: 'managedService.changed', service: audioService, at: 1 });
    expect(links()).toContain('audioConnect');
    expect(screen.getByTestId('nav-audioConnect')).toHaveTextContent('Audio Connect');
    expect(api.calls('getServicesStatus')).toHaveLength(reads);
  });

  it('leaves every entry as it is when the services status cannot be read', async () => {
    const api = new FakeApi().on('getServicesStatus', apiError('GENERIC'));
    await renderMenu(['luc_media_group_admin'], api);
    await waitFor(() => expect(api.calls('getServicesStatus').length).toBeGreaterThan(0));
    expect(screen.getByTestId('nav-audioConnect')).toBeVisible();
    expect(screen.getByTestId('nav-myGraphics')).toBeVisible();
  });
});
