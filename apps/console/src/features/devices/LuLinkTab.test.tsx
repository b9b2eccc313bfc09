/**
 * The LU-Link tab of /devices (spec 001 §7 Point-to-point): a link created on the chosen unit (the
 * body sent) and opened, a ptp link with two machines refused inline before anything is sent, a
 * change sent with the version the link was read at, a refusal of the core shown in its words, a
 * delete after its confirmation, the groups shared and selected; a read-only user offered none of
 * the writes.
 */
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { P2pLink, P2pLinkGroup, Role } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { makeGroupRow, makeUnit } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import { LuLinkTab } from './LuLinkTab';

const AT = '2026-01-10T09:00:00.000Z';
const UNITS = [makeUnit({ uniqueId: 'PTMP-1', name: 'master' }), makeUnit({ uniqueId: 'LU-A', name: 'alpha' }), makeUnit({ uniqueId: 'LU-B', name: 'beta' })];
const GROUPS = [makeGroupRow({ id: 'g1', name: 'Studio' }), makeGroupRow({ id: 'g2', name: 'Newsroom' })];

function makeLink(overrides: Partial<P2pLink> = {}): P2pLink {
  return {
    id: 'p2p-1',
    name: 'Studio-Link',
    kind: 'ptp',
    uniqueID: 'PTMP-1',
    machines: [{ uid: 'LU-A' }],
    status: 'idle',
    streaming: false,
    groupIds: ['g1'],
    selectedGroupIds: ['g1'],
    version: 4,
    updatedAt: AT,
    ...overrides,
  };
}

/** A fake core holding links and their groups as the p2p calls change them. */
function fakeCore(initial: readonly P2pLink[] = []) {
  const links = new Map(initial.map((l) => [l.id, l]));
  const groupsOf = (link: P2pLink): P2pLinkGroup[] =>
    GROUPS.filter((g) => link.groupIds.includes(g.id)).map((g) => ({
      id: g.id,
      name: g.name,
      inventoryId: g.inventoryId,
      selected: link.selectedGroupIds.includes(g.id),
    }));
  const found = (id: string) => links.get(id) ?? apiError('NOT_FOUND');
  let made = 0;
  const api = new FakeApi()
    .on('fetchDevices', UNITS)
    .on('fetchGroups', GROUPS)
    .on('getP2pLink', ({ params }) => found(params.id))
    .on('createP2pLink', ({ params, body }) => {
      made += 1;
      const link = makeLink({
        id: `p2p-new-${made}`,
        name: body.name,
        kind: body.kind,
        uniqueID: params.id,
        machines: body.machines,
        groupIds: body.groupIds ?? [],
        selectedGroupIds: [],
        version: 0,
      });
      links.set(link.id, link);
      return link;
    })
    .on('updateP2pLink', ({ params, body }) => {
      const link = links.get(params.id);
      if (!link) return apiError('NOT_FOUND');
      if (body.version !== undefined && body.version !== link.version) return apiError('CONFLICT');
      if (link.streaming) return apiError('P2P_LINK_STREAMING');
      const changed = {
        ...link,
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.kind === undefined ? {} : { kind: body.kind }),
        ...(body.machines === undefined ? {} : { machines: body.machines }),
        version: link.version + 1,
      };
      links.set(changed.id, changed);
      return changed;
    })
    .on('deleteP2pLink', ({ params }) => {
      if (!links.delete(params.id)) return apiError('NOT_FOUND');
      return { id: params.id, deleted: true as const };
    })
    .on('getP2pLinkGroups', ({ params }) => {
      const link = links.get(params.id);
      return link ? { id: link.id, groups: groupsOf(link) } : apiError('NOT_FOUND');
    })
    .on('getP2pLinkSelectedGroups', ({ params }) => {
      const link = links.get(params.id);
      return link ? { id: link.id, groups: groupsOf(link).filter((g) => g.selected) } : apiError('NOT_FOUND');
    })
    .on('setP2pLinkGroups', ({ params, body }) => {
      const link = links.get(params.id);
      if (!link) return apiError('NOT_FOUND');
      const changed = { ...link, groupIds: body.groupIds, selectedGroupIds: body.selectedGroupIds, version: link.version + 1 };
      links.set(changed.id, changed);
      return { id: changed.id, groups: groupsOf(changed) };
    });
  return { api, links };
}

/** The tab with its unit and link held as the page holds them (search parameters there). */
function Tab({ unit, link }: { unit: string | null; link: string | null }) {
  const [chosen, setChosen] = useState({ unit, link });
  return <LuLinkTab unitId={chosen.unit} linkId={chosen.link} onSelect={(u, l) => setChosen({ unit: u, link: l })} />;
}

async function renderTab(api: FakeApi, options: { unit?: string | null; link?: string | null; roles?: Role[] } = {}) {
  return renderWithApp(<Tab unit={options.unit ?? 'PTMP-1'} link={options.link ?? null} />, {
    roles: options.roles ?? ['luc_admin'],
    route: '/devices?tab=luLink',
    api,
  });
}

describe('LU-Link tab: links made, changed and deleted', () => {
  it('creates a link on the chosen unit as master, sends its body, opens it and says so', async () => {
    const { api } = fakeCore();
    const { user } = await renderTab(api);
    await user.click(await screen.findByTestId('lulink-new'));
    const modal = await screen.findByTestId('lulink-form-modal');
    await fill(user, within(modal).getByTestId('lulink-form-name'), 'Field-Link');
    await user.click(within(modal).getByTestId('lulink-form-kind'));
    await user.click(await screen.findByRole('option', { name: 'Point-to-multipoint' }));
    await user.click(within(modal).getByTestId('lulink-form-machines'));
    // The master is not offered as one of its machines.
    expect(screen.queryByRole('option', { name: 'master (PTMP-1)' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'alpha (LU-A)' }));
    await user.click(await screen.findByRole('option', { name: 'beta (LU-B)' }));
    await user.click(within(modal).getByTestId('lulink-form-groupIds'));
    await user.click(await screen.findByRole('option', { name: 'Studio' }));
    await user.click(within(modal).getByTestId('lulink-form-save'));

    await waitFor(() => expect(screen.queryByTestId('lulink-form-modal')).not.toBeInTheDocument());
    const [call] = api.calls('createP2pLink');
    expect(call?.params).toEqual({ id: 'PTMP-1' });
    expect(call?.body).toEqual({ name: 'Field-Link', kind: 'ptmp', machines: [{ uid: 'LU-A' }, { uid: 'LU-B' }], groupIds: ['g1'] });
    expect(await screen.findByTestId('lulink-p2p-new-1')).toBeInTheDocument();
    expect(screen.getByTestId('lulink-machine-LU-B')).toHaveTextContent('beta');
    expect(screen.getByTestId('lulink-known-p2p-new-1')).toHaveTextContent('Field-Link');
    expect(screen.getByTestId('toasts')).toHaveTextContent('Link Field-Link created');
  });

  it('refuses a ptp link with two machines inline and sends nothing', async () => {
    const { api } = fakeCore();
    const { user } = await renderTab(api);
    await user.click(await screen.findByTestId('lulink-new'));
    const modal = await screen.findByTestId('lulink-form-modal');
    await fill(user, within(modal).getByTestId('lulink-form-name'), 'Two-Peers');
    // Two machines chosen for a multipoint link, then the kind set back to point-to-point.
    await user.click(within(modal).getByTestId('lulink-form-kind'));
    await user.click(await screen.findByRole('option', { name: 'Point-to-multipoint' }));
    await user.click(within(modal).getByTestId('lulink-form-machines'));
    await user.click(await screen.findByRole('option', { name: 'alpha (LU-A)' }));
    await user.click(await screen.findByRole('option', { name: 'beta (LU-B)' }));
    await user.click(within(modal).getByTestId('lulink-form-kind'));
    await user.click(await screen.findByRole('option', { name: 'Point-to-point' }));
    await user.click(within(modal).getByTestId('lulink-form-save'));

    expect(await within(modal).findByTestId('lulink-form-error.machines')).toHaveTextContent(VALIDATION.invalidField);
    expect(api.calls('createP2pLink')).toHaveLength(0);
    expect(screen.getByTestId('lulink-form-modal')).toBeInTheDocument();
  });

  it('changes a link with the version it was read at', async () => {
    const { api, links } = fakeCore([makeLink()]);
    const { user } = await renderTab(api, { link: 'p2p-1' });
    await user.click(await screen.findByTestId('lulink-edit'));
    const modal = await screen.findByTestId('lulink-form-modal');
    expect(within(modal).getByTestId('lulink-form-name')).toHaveValue('Studio-Link');
    // The groups are shared apart (their own button), not in this form.
    expect(within(modal).queryByTestId('lulink-form-groupIds')).not.toBeInTheDocument();
    await fill(user, within(modal).getByTestId('lulink-form-name'), 'Studio-Link-2');
    await user.click(within(modal).getByTestId('lulink-form-save'));

    await waitFor(() => expect(screen.queryByTestId('lulink-form-modal')).not.toBeInTheDocument());
    expect(api.calls('updateP2pLink')[0]?.body).toEqual({ name: 'Studio-Link-2', kind: 'ptp', machines: [{ uid: 'LU-A' }], version: 4 });
    expect(links.get('p2p-1')?.version).toBe(5);
    await waitFor(() => expect(screen.getByTestId('lulink-p2p-1')).toHaveTextContent('Studio-Link-2'));
    expect(screen.getByTestId('toasts')).toHaveTextContent('Link Studio-Link-2 saved');
  });

  it('shows the core’s refusal in its words in the form', async () => {
    const { api, links } = fakeCore([makeLink()]);
    const { user } = await renderTab(api, { link: 'p2p-1' });
    await user.click(await screen.findByTestId('lulink-edit'));
    const modal = await screen.findByTestId('lulink-form-modal');
    // The link started streaming elsewhere after it was read.
    links.set('p2p-1', makeLink({ streaming: true, status: 'streaming' }));
    await user.click(within(modal).getByTestId('lulink-form-save'));
    expect(await within(modal).findByTestId('lulink-form-form-error')).toHaveTextContent('The link is streaming');
    expect(screen.getByTestId('lulink-form-modal')).toBeInTheDocument();
  });

  it('offers no change while the link streams', async () => {
    const { api } = fakeCore([makeLink({ streaming: true, status: 'streaming' })]);
    await renderTab(api, { link: 'p2p-1' });
    expect(await screen.findByTestId('lulink-edit')).toBeDisabled();
    expect(screen.getByTestId('lulink-stop')).toBeInTheDocument();
  });

  it('deletes a link only once the deletion is confirmed', async () => {
    const { api, links } = fakeCore([makeLink()]);
    const { user } = await renderTab(api, { link: 'p2p-1' });
    await user.click(await screen.findByTestId('lulink-delete'));
    expect(api.calls('deleteP2pLink')).toHaveLength(0);
    await user.click(screen.getByTestId('lulink-delete-confirm'));

    await waitFor(() => expect(screen.queryByTestId('lulink-p2p-1')).not.toBeInTheDocument());
    expect(api.calls('deleteP2pLink')[0]?.params).toEqual({ id: 'p2p-1' });
    expect(links.has('p2p-1')).toBe(false);
    expect(screen.queryByTestId('lulink-known-p2p-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('toasts')).toHaveTextContent('Link Studio-Link deleted');
  });
});

describe('LU-Link tab: the groups a link is shared with', () => {
  it('shares the link with another group, selects it, and shows the selected groups read again', async () => {
    const { api } = fakeCore([makeLink()]);
    const { user } = await renderTab(api, { link: 'p2p-1' });
    expect(await screen.findByTestId('lulink-selected-groups')).toHaveTextContent('Selected groups: Studio');
    await user.click(await screen.findByTestId('lulink-groups-edit'));
    const modal = await screen.findByTestId('lulink-groups-modal');
    await user.click(within(modal).getByTestId('lulink-groups-form-groupIds'));
    await user.click(await screen.findByRole('option', { name: 'Newsroom' }));
    await user.click(within(modal).getByTestId('lulink-groups-form-selectedGroupIds'));
    await user.click(await screen.findByRole('option', { name: 'Newsroom' }));
    await user.click(within(modal).getByTestId('lulink-groups-form-save'));

    await waitFor(() => expect(screen.queryByTestId('lulink-groups-modal')).not.toBeInTheDocument());
    expect(api.calls('setP2pLinkGroups')[0]?.body).toEqual({ groupIds: ['g1', 'g2'], selectedGroupIds: ['g1', 'g2'] });
    await waitFor(() => expect(screen.getByTestId('lulink-selected-groups')).toHaveTextContent('Selected groups: Studio, Newsroom'));
    expect(screen.getByTestId('lulink-group-g2')).toHaveAttribute('data-selected', 'true');
    expect(api.calls('getP2pLinkSelectedGroups').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('toasts')).toHaveTextContent('Groups of link Studio-Link saved');
  });

  it('refuses a selected group that is not shared, inline, and sends nothing', async () => {
    const { api } = fakeCore([makeLink()]);
    const { user } = await renderTab(api, { link: 'p2p-1' });
    await user.click(await screen.findByTestId('lulink-groups-edit'));
    const modal = await screen.findByTestId('lulink-groups-modal');
    await user.click(within(modal).getByTestId('lulink-groups-form-selectedGroupIds'));
    await user.click(await screen.findByRole('option', { name: 'Newsroom' }));
    await user.click(within(modal).getByTestId('lulink-groups-form-save'));
    expect(await within(modal).findByTestId('lulink-groups-form-error.selectedGroupIds')).toHaveTextContent(VALIDATION.invalidField);
    expect(api.calls('setP2pLinkGroups')).toHaveLength(0);
  });
});

describe('LU-Link tab: a read-only user', () => {
  it('sees the link and its groups with no New, Edit, Delete or group change', async () => {
    const { api } = fakeCore([makeLink()]);
    await renderTab(api, { link: 'p2p-1', roles: ['luc_read'] });
    expect(await screen.findByTestId('lulink-p2p-1')).toBeInTheDocument();
    expect(await screen.findByTestId('lulink-selected-groups')).toHaveTextContent('Studio');
    expect(screen.getByTestId('lulink-stream-unavailable')).toBeInTheDocument();
    for (const id of ['lulink-new', 'lulink-edit', 'lulink-delete', 'lulink-groups-edit']) expect(screen.queryByTestId(id)).not.toBeInTheDocument();
  });
});
