import { describe, expect, it } from 'vitest';
import { P2P_LIMITS, VALIDATION } from '@fleet/contracts';
import type { P2pLink } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import {
  checkGroups,
  checkLinkChange,
  checkNewLink,
  createLinkBody,
  errorsByField,
  groupOptions,
  groupsBody,
  groupsForm,
  linkFields,
  linkForm,
  machineOptions,
  machinesMax,
  updateLinkBody,
  type LinkForm,
} from './luLinkForm';

const LINK: P2pLink = {
  id: 'p2p-1',
  name: 'Studio-Link',
  kind: 'ptmp',
  uniqueID: 'PTMP-1',
  machines: [{ uid: 'LU-1' }, { uid: 'LU-2' }],
  status: 'idle',
  streaming: false,
  groupIds: ['g1', 'g2'],
  selectedGroupIds: ['g1'],
  version: 4,
  updatedAt: '2026-01-10T09:00:00.000Z',
};

const form = (patch: Partial<LinkForm> = {}): LinkForm => ({ name: 'Link_1', kind: 'ptp', machines: ['LU-1'], groupIds: [], ...patch });

describe('the link form', () => {
  it('starts empty as a point-to-point link, or from the link', () => {
    expect(linkForm(null)).toEqual({ name: '', kind: 'ptp', machines: [], groupIds: [] });
    expect(linkForm(LINK)).toEqual({ name: 'Studio-Link', kind: 'ptmp', machines: ['LU-1', 'LU-2'], groupIds: ['g1', 'g2'] });
  });

  it('makes the create body: machines with uid, groups only when chosen, the name trimmed', () => {
    expect(createLinkBody(form({ name: ' Link_1 ' }))).toEqual({ name: 'Link_1', kind: 'ptp', machines: [{ uid: 'LU-1' }] });
    expect(createLinkBody(form({ kind: 'ptmp', machines: ['LU-1', 'LU-2'], groupIds: ['g1'] }))).toEqual({
      name: 'Link_1',
      kind: 'ptmp',
      machines: [{ uid: 'LU-1' }, { uid: 'LU-2' }],
      groupIds: ['g1'],
    });
  });

  it('makes the update body with the version and without the groups', () => {
    expect(updateLinkBody(form({ groupIds: ['g1'] }), 4)).toEqual({ name: 'Link_1', kind: 'ptp', machines: [{ uid: 'LU-1' }], version: 4 });
  });

  it('offers one machine to a ptp link and 32 to a ptmp one; the groups only on creation', () => {
    expect(machinesMax('ptp')).toBe(1);
    expect(machinesMax('ptmp')).toBe(P2P_LIMITS.ptmpMachinesMax);
    const fields = linkFields('ptmp', { units: [], groups: [] });
    expect(fields.map((f) => f.name)).toEqual(['name', 'kind', 'machines', 'groupIds']);
    expect(fields.find((f) => f.name === 'groupIds')?.only).toBe('create');
    const machines = linkFields('ptp', { units: [], groups: [] }).find((f) => f.name === 'machines');
    expect(machines?.kind === 'multiselect' ? machines.max : undefined).toBe(1);
  });

  it('offers every visible unit but the master, by name, and keeps a chosen unit it does not list', () => {
    const units = [makeUnit({ uniqueId: 'M', name: 'master' }), makeUnit({ uniqueId: 'B', name: 'beta' }), makeUnit({ uniqueId: 'A', name: 'alpha' })];
    expect(machineOptions(units, 'M', ['X'])).toEqual([
      { value: 'A', label: 'alpha (A)' },
      { value: 'B', label: 'beta (B)' },
      { value: 'X', label: 'X' },
    ]);
  });
});

describe('the link form’s rules (the spec’s words)', () => {
  const check = checkNewLink('M');

  it('accepts a ptp link with one machine and a ptmp link with several', () => {
    expect(check(form())).toEqual({});
    expect(check(form({ kind: 'ptmp', machines: ['LU-1', 'LU-2'] }))).toEqual({});
  });

  it('wants a name, a machine and a name of the device-name characters', () => {
    expect(check(form({ name: '', machines: [] }))).toEqual({ name: VALIDATION.required, machines: VALIDATION.required });
    expect(check(form({ name: 'Studio link' }))).toEqual({ name: VALIDATION.unitNameCharacters });
  });

  it('refuses a ptp link with two machines, the master as a machine and a machine twice', () => {
    expect(check(form({ machines: ['LU-1', 'LU-2'] }))).toEqual({ machines: VALIDATION.invalidField });
    expect(check(form({ machines: ['M'] }))).toEqual({ machines: VALIDATION.invalidField });
    expect(check(form({ kind: 'ptmp', machines: ['LU-1', 'LU-1'] }))).toEqual({ machines: VALIDATION.invalidField });
  });

  it('refuses more than 32 machines', () => {
    const many = Array.from({ length: 33 }, (_, i) => `LU-${i}`);
    expect(check(form({ kind: 'ptmp', machines: many }))).toEqual({ machines: VALIDATION.maxElements });
  });

  it('checks a change the same way, against a master that may be gone', () => {
    expect(checkLinkChange(null)(form())).toEqual({});
    expect(checkLinkChange('PTMP-1')(form({ machines: ['LU-1', 'LU-2'] }))).toEqual({ machines: VALIDATION.invalidField });
  });
});

describe('the groups form', () => {
  it('reads the shared and selected groups, and sends them back', () => {
    const shared = [
      { id: 'g1', name: 'Studio', inventoryId: 'inv1', selected: true },
      { id: 'g2', name: 'Newsroom', inventoryId: 'inv1', selected: false },
    ];
    expect(groupsForm(shared)).toEqual({ groupIds: ['g1', 'g2'], selectedGroupIds: ['g1'] });
    expect(groupsBody({ groupIds: ['g1'], selectedGroupIds: [] })).toEqual({ groupIds: ['g1'], selectedGroupIds: [] });
  });

  it('refuses a selected group that is not shared', () => {
    expect(checkGroups({ groupIds: ['g1'], selectedGroupIds: ['g1'] })).toEqual({});
    expect(checkGroups({ groupIds: [], selectedGroupIds: [] })).toEqual({});
    expect(checkGroups({ groupIds: ['g1'], selectedGroupIds: ['g2'] })).toEqual({ selectedGroupIds: VALIDATION.invalidField });
  });

  it('offers the user’s groups and the shared ones, once each, by name', () => {
    expect(
      groupOptions(
        [
          { id: 'g2', name: 'Studio' },
          { id: 'g1', name: 'Newsroom' },
        ],
        [
          { id: 'g2', name: 'Studio' },
          { id: 'g3', name: 'Archive' },
        ],
      ),
    ).toEqual([
      { value: 'g3', label: 'Archive' },
      { value: 'g1', label: 'Newsroom' },
      { value: 'g2', label: 'Studio' },
    ]);
  });
});

describe('the core’s field errors', () => {
  it('show under the field they belong to, the first of each', () => {
    expect(
      errorsByField({ 'machines.1.uid': 'Invalid field', 'machines.0.uid': 'other', 'groupIds.0': 'Invalid field', version: 'x' }, ['machines', 'groupIds']),
    ).toEqual({
      machines: 'Invalid field',
      groupIds: 'Invalid field',
      version: 'x',
    });
  });
});
