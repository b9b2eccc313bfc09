import { describe, expect, it } from 'vitest';
import type { Role } from '@fleet/contracts';
import { MENU, menuIds, visibleMenu } from './menu';
import type { MenuEntry } from './menu';

const ids = (entries: MenuEntry[]) => menuIds(entries);
const as = (...roles: Role[]) => ({ roles });

describe('menu (spec 000 §2)', () => {
  it('lists the spec menu in order', () => {
    // The spec's menu, then the mock's Simulator (not in the spec).
    expect(MENU.map((e) => e.id)).toEqual(['units', 'files', 'stories', 'manage', 'services', 'contractor', 'support', 'supportStaff', 'simulator']);
    expect(menuIds()).toContain('ifbServers');
  });

  it('shows a read-only user what every console user may open, plus the channels, devices and video return screens (read-only there)', () => {
    expect(ids(visibleMenu(as('luc_read')))).toEqual([
      'units',
      'unitList',
      'multiview',
      'map',
      'files',
      'stories',
      'manage',
      'devices',
      'channels',
      'videoReturn',
      'myGraphics',
    ]);
  });

  it('shows a regular user the broader set', () => {
    const visible = ids(visibleMenu(as('luc_regular')));
    expect(visible).toEqual(expect.arrayContaining(['fileUpload', 'devices', 'channels', 'videoReturn']));
    expect(visible).not.toContain('users');
    expect(visible).not.toContain('shares');
    expect(visible).not.toContain('supportStaff');
  });

  it('shows a media group admin the shares', () => {
    const visible = ids(visibleMenu(as('luc_media_group_admin')));
    expect(visible).toEqual(expect.arrayContaining(['shares', 'publishers', 'subscribers', 'users', 'services']));
    expect(visible).not.toContain('contractor');
  });

  it('shows a partner the support remote actions, a super user the admin ones', () => {
    expect(ids(visibleMenu(as('luc_partner')))).toContain('partnerRemoteActions');
    expect(ids(visibleMenu(as('luc_partner')))).not.toContain('supportStaff');
    const su = ids(visibleMenu(as('super_user')));
    expect(su).toEqual(expect.arrayContaining(['supportStaff', 'adminRemoteActions', 'ifbServers', 'systemEntities', 'batchUpgrade']));
    expect(su).not.toContain('partnerRemoteActions');
    expect(su).not.toContain('contractor');
    expect(ids(visibleMenu(as('staff')))).toContain('ifbServers');
    expect(ids(visibleMenu(as('luc_admin')))).not.toContain('ifbServers');
  });

  it('opens the IFB servers as the multimedia hub list kept to IFB-capable hubs', () => {
    const support = MENU.find((e) => e.id === 'supportStaff');
    const ifb = support?.type === 'group' ? support.items.find((e) => e.id === 'ifbServers') : undefined;
    expect(ifb).toEqual({ type: 'link', id: 'ifbServers', to: '/system_entities/mmh_servers?ifb=1' });
  });

  it('shows a contractor the contractor entry', () => {
    expect(ids(visibleMenu(as('luc_contractor')))).toContain('contractor');
  });

  it('hides the entries of a managed service that is off for the current inventory, and only those', () => {
    const all = ids(visibleMenu(as('luc_admin')));
    expect(all).toEqual(expect.arrayContaining(['myGraphics', 'audioConnect']));
    const noGraphics = ids(visibleMenu(as('luc_admin'), undefined, { mock: false, featureOff: (f) => f === 'myGraphics' }));
    expect(noGraphics).toEqual(all.filter((id) => id !== 'myGraphics'));
    const noAudio = ids(visibleMenu(as('luc_admin'), undefined, { mock: false, featureOff: (f) => f === 'audioConnect' }));
    expect(noAudio).toEqual(all.filter((id) => id !== 'audioConnect'));
    // Nothing known about the services: the menu as without gates.
    expect(ids(visibleMenu(as('luc_admin'), undefined, { mock: false, featureOff: () => false }))).toEqual(all);
  });

  it('shows nothing to users without console access', () => {
    expect(visibleMenu(as('luc_curator'))).toEqual([]);
    expect(visibleMenu(null)).toEqual([]);
  });

  it('shows the Simulator only against the mock, and there only to super users and staff', () => {
    const mock = { mock: true };
    // A real core: the capability probe failed, whoever signs in.
    expect(ids(visibleMenu(as('super_user')))).not.toContain('simulator');
    expect(ids(visibleMenu(as('staff'), MENU, { mock: false }))).not.toContain('simulator');
    expect(ids(visibleMenu(as('super_user'), MENU, mock))).toContain('simulator');
    expect(ids(visibleMenu(as('staff'), MENU, mock))).toContain('simulator');
    expect(ids(visibleMenu(as('luc_regular'), MENU, mock))).not.toContain('simulator');
    expect(ids(visibleMenu(as('luc_admin'), MENU, mock))).not.toContain('simulator');
  });
});
