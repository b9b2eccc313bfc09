/**
 * /sw_version (spec 001 §3 Software version, §8 "software version exists", §9 "Version numbers 3.5
 * up to 10.1"): the create form's rules inline in the spec's words with nothing sent, a read-only
 * role of the screen without any action, and an edit that reads the version fresh by id first (GET
 * v2/softwareVersions/{id}): the form starts from the version as kept now and saves with its
 * current version; one deleted meanwhile says so.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type Role, type SoftwareVersion } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import SoftwareVersionsPage from './SoftwareVersions.page';

function version(id: string, number: string, overrides: Partial<SoftwareVersion> = {}): SoftwareVersion {
  return {
    id,
    number,
    description: '',
    releaseNotesUrl: null,
    supportedDevices: ['fieldUnits'],
    inventories: [],
    global: true,
    deprecated: false,
    version: 0,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

const VERSIONS = [version('swv-10-1', '10.1'), version('swv-10-0', '10.0'), version('swv-9-2-1', '9.2.1'), version('swv-5-1', '5.1', { deprecated: true })];

async function openVersions(roles: Role[], api = new FakeApi()) {
  api.on('listSoftwareVersions', ({ query }) => ({ items: VERSIONS, total: VERSIONS.length, offset: query.offset, limit: query.limit }));
  const rendered = await renderWithApp(<SoftwareVersionsPage />, { roles, route: '/sw_version', api });
  expect(await screen.findByTestId('sw-version-row-swv-10-1')).toBeVisible();
  return rendered;
}

describe('/sw_version', () => {
  it('refuses a missing number, one outside 3.5–10.1 and one that exists (as a version), sending nothing', async () => {
    const { user, api } = await openVersions(['super_user']);
    expect(screen.getByTestId('sw-version-edit-swv-10-1')).toBeVisible();
    expect(screen.getByTestId('sw-version-deprecate-swv-10-1')).toBeVisible();
    await user.click(screen.getByTestId('sw-versions-create'));
    expect(await screen.findByTestId('sw-version-form')).toBeVisible();
    await user.click(screen.getByTestId('sw-version-save'));
    expect(screen.getByTestId('sw-version-error.number')).toHaveTextContent('This field is required');
    await fill(user, screen.getByTestId('sw-version-number'), '3.4');
    expect(screen.getByTestId('sw-version-error.number')).toHaveTextContent('Version numbers are major.minor[.patch], from 3.5 up to 10.1');
    await fill(user, screen.getByTestId('sw-version-number'), '10.1.0');
    expect(screen.getByTestId('sw-version-error.number')).toHaveTextContent('Software version exists');
    await fill(user, screen.getByTestId('sw-version-number'), '7.9.1');
    expect(screen.queryByTestId('sw-version-error.number')).not.toBeInTheDocument();
    expect(api.calls('createSoftwareVersion')).toHaveLength(0);
  });

  it('refuses a release notes address that is not http(s), sending nothing', async () => {
    const { user, api } = await openVersions(['super_user']);
    await user.click(screen.getByTestId('sw-versions-create'));
    await fill(user, await screen.findByTestId('sw-version-number'), '7.9.1');
    await fill(user, screen.getByTestId('sw-version-release-notes'), 'ftp://x.example');
    await user.click(screen.getByTestId('sw-version-save'));
    expect(screen.getByTestId('sw-version-error.releaseNotesUrl')).toHaveTextContent('Must be an http or https address');
    expect(api.calls('createSoftwareVersion')).toHaveLength(0);
  });

  it('shows a read-only role of the screen (luc_partner) the versions without any action', async () => {
    await openVersions(['luc_partner']);
    expect(screen.queryByTestId('sw-versions-create')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sw-version-assign-swv-10-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sw-version-edit-swv-10-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sw-version-deprecate-swv-10-1')).not.toBeInTheDocument();
  });

  it('opens an edit on the version as kept now (read by id, nothing read for a new one) and saves with its current version', async () => {
    const api = new FakeApi()
      .on('getSoftwareVersion', version('swv-10-1', '10.1', { description: 'Spring release, fixed', version: 5 }))
      .on('updateSoftwareVersion', ({ body }) => version('swv-10-1', '10.1', { description: body.description ?? '', version: 6 }));
    const { user } = await openVersions(['super_user'], api);
    await user.click(screen.getByTestId('sw-versions-create'));
    expect(await screen.findByTestId('sw-version-form')).toBeVisible();
    expect(api.calls('getSoftwareVersion')).toHaveLength(0);
    await user.click(screen.getByTestId('sw-version-cancel'));

    await user.click(screen.getByTestId('sw-version-edit-swv-10-1'));
    expect(await screen.findByTestId('sw-version-description')).toHaveValue('Spring release, fixed');
    expect(api.calls('getSoftwareVersion')[0]?.url).toBe('/api/v2/softwareVersions/swv-10-1');
    await user.click(screen.getByTestId('sw-version-save'));
    await waitFor(() => expect(api.calls('updateSoftwareVersion')).toHaveLength(1));
    expect(api.calls('updateSoftwareVersion')[0]?.body).toMatchObject({ description: 'Spring release, fixed', version: 5 });
  });

  it('says so when the version was deleted meanwhile', async () => {
    const { user } = await openVersions(['super_user'], new FakeApi().on('getSoftwareVersion', apiError('NOT_FOUND')));
    await user.click(screen.getByTestId('sw-version-edit-swv-10-1'));
    expect(await screen.findByTestId('sw-version-load-error')).toHaveTextContent(ERROR_CATALOGUE.NOT_FOUND.message);
    expect(screen.queryByTestId('sw-version-form')).not.toBeInTheDocument();
  });
});
