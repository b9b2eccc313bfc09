/**
 * Add LU-Smart/Lite when the core cannot draw a new code (spec 001 §8 "Code reset failed"): the
 * permanent key's regeneration and the ad-hoc code's save refused show the catalogue's text on
 * their tab, the code as it was still shown.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { AdhocSettings, PermanentSettings } from '@fleet/contracts';
import { apiError, FakeApi } from '../../../test-utils/fakeApi';
import { renderWithApp } from '../../../test-utils/render';
import AddLuSmartModal from './AddLuSmartModal';

const GROUP = 'grp-newsroom';

const adhoc: AdhocSettings = {
  groupId: GROUP,
  mode: 'ADHOC_SMART',
  period: '3d',
  code: 'ABCD2345',
  codeCreatedAt: new Date(Date.now() - 3_600_000).toISOString(),
  version: 4,
};

const permanent: PermanentSettings = {
  groupId: GROUP,
  mode: 'PERMANENT_SMART',
  regenerate: 'never',
  key: 'WXYZ6789',
  keyCreatedAt: '2030-01-01T10:00:00.000Z',
  nextRegenerationAt: null,
  version: 4,
};

describe('Errors: code reset failed', () => {
  it('shows the core failing to regenerate the permanent key in the spec words, the key unchanged', async () => {
    const api = new FakeApi()
      .on('getGroupAdhocSettings', adhoc)
      .on('getGroupPermanentSettings', permanent)
      .on('fetchGroupDetails', [])
      .on('updateGroupPermanentSettings', () => apiError('CODE_RESET_FAILED'));
    const { user } = await renderWithApp(<AddLuSmartModal groupId={GROUP} onClose={() => undefined} />, { roles: ['luc_admin'], api });
    await user.click(await screen.findByTestId('lusmart-tab-permanent'));
    await user.click(await screen.findByTestId('lusmart-permanent-regenerate'));

    expect(await screen.findByTestId('lusmart-permanent-error')).toHaveTextContent(ERROR_CATALOGUE.CODE_RESET_FAILED.message);
    expect(api.calls('updateGroupPermanentSettings')[0]?.body).toMatchObject({ resetKey: true, version: 4 });
    expect(screen.getByTestId('lusmart-permanent-key')).toHaveTextContent('WXYZ6789');
  });

  it('shows the core failing to draw a new ad-hoc code in the spec words', async () => {
    const api = new FakeApi().on('getGroupAdhocSettings', adhoc).on('updateGroupAdhocSettings', () => apiError('CODE_RESET_FAILED'));
    const { user } = await renderWithApp(<AddLuSmartModal groupId={GROUP} onClose={() => undefined} />, { roles: ['luc_admin'], api });
    await user.click(await screen.findByTestId('lusmart-adhoc-save'));

    expect(await screen.findByTestId('lusmart-adhoc-error')).toHaveTextContent(ERROR_CATALOGUE.CODE_RESET_FAILED.message);
    await waitFor(() => expect(api.calls('updateGroupAdhocSettings')).toHaveLength(1));
    expect(screen.getByTestId('lusmart-adhoc-code')).toHaveTextContent('ABCD2345');
  });
});
