/**
 * Editing a software version reads it fresh by id first (GET v2/softwareVersions/{id}): the form
 * starts from the version as kept now and saves with its current version; one deleted meanwhile
 * says so.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { SoftwareVersion } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import SoftwareVersionModal from './SoftwareVersionModal';

function version(overrides: Partial<SoftwareVersion> = {}): SoftwareVersion {
  const at = '2026-01-10T09:00:00.000Z';
  return { id: 'swv-9-2', number: '9.2', description: 'Spring release', releaseNotesUrl: null, supportedDevices: ['fieldUnits'], inventories: [], global: true, deprecated: false, version: 2, createdAt: at, updatedAt: at, ...overrides };
}

describe('SoftwareVersionModal: the version read fresh', () => {
  it('opens the form on the version as kept now and saves with its current version', async () => {
    const api = new FakeApi()
      .on('getSoftwareVersion', version({ description: 'Spring release, fixed', version: 5 }))
      .on('updateSoftwareVersion', ({ body }) => version({ description: body.description ?? '', version: 6 }));
    const { user } = await renderWithApp(<SoftwareVersionModal version={version()} versions={[version()]} onClose={() => undefined} />, { roles: ['super_user'], api });

    expect(await screen.findByTestId('sw-version-description')).toHaveValue('Spring release, fixed');
    expect(api.calls('getSoftwareVersion')[0]?.url).toBe('/api/v2/softwareVersions/swv-9-2');
    await user.click(screen.getByTestId('sw-version-save'));
    await waitFor(() => expect(api.calls('updateSoftwareVersion')).toHaveLength(1));
    expect(api.calls('updateSoftwareVersion')[0]?.body).toMatchObject({ description: 'Spring release, fixed', version: 5 });
  });

  it('says so when the version was deleted meanwhile', async () => {
    const api = new FakeApi().on('getSoftwareVersion', apiError('NOT_FOUND'));
    await renderWithApp(<SoftwareVersionModal version={version()} versions={[version()]} onClose={() => undefined} />, { roles: ['super_user'], api });
    expect(await screen.findByTestId('sw-version-load-error')).toHaveTextContent(ERROR_CATALOGUE.NOT_FOUND.message);
    expect(screen.queryByTestId('sw-version-form')).not.toBeInTheDocument();
  });

  it('reads nothing for a new version', async () => {
    const api = new FakeApi();
    await renderWithApp(<SoftwareVersionModal version={null} versions={[]} onClose={() => undefined} />, { roles: ['super_user'], api });
    expect(await screen.findByTestId('sw-version-form')).toBeVisible();
    expect(api.calls('getSoftwareVersion')).toHaveLength(0);
  });
});
