import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdhocSettings, PermanentSettings } from '@fleet/contracts';
import { endpointKey } from '../../../api/hooks';
import { FakeApi } from '../../../test-utils/fakeApi';
import { renderWithApp } from '../../../test-utils/render';
import AddLuSmartModal from './AddLuSmartModal';

const GROUP = 'grp-newsroom';
const DAY = 86_400_000;

const adhoc = (over: Partial<AdhocSettings> = {}): AdhocSettings => ({
  groupId: GROUP,
  mode: 'ADHOC_SMART',
  period: '3d',
  code: 'ABCD2345',
  codeCreatedAt: new Date(Date.now() - DAY).toISOString(),
  version: 4,
  ...over,
});

const permanent = (over: Partial<PermanentSettings> = {}): PermanentSettings => ({
  groupId: GROUP,
  mode: null,
  regenerate: 'never',
  key: 'WXYZ6789',
  keyCreatedAt: '2030-01-01T10:00:00.000Z',
  nextRegenerationAt: null,
  version: 4,
  ...over,
});

const linkOf = (code: string) => `${window.location.origin}/easy_live?invitation=${code}&ignoreRouteDefault=1`;

describe('Add LU-Smart/Lite: the codes a device joins with', () => {
  it('the ad-hoc tab shows the code, until when it is valid and its easy-live link', async () => {
    const api = new FakeApi().on('getGroupAdhocSettings', adhoc());
    await renderWithApp(<AddLuSmartModal groupId={GROUP} onClose={() => undefined} />, { roles: ['luc_admin'], api });

    expect(await screen.findByTestId('lusmart-adhoc-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByTestId('lusmart-adhoc-code-link')).toHaveTextContent(linkOf('ABCD2345'));
    expect(screen.getByTestId('lusmart-adhoc-code-link-copy')).toBeVisible();
    expect(screen.getByTestId('lusmart-adhoc-valid')).toHaveTextContent('Valid until');
  });

  it('an expired ad-hoc code is said to be so', async () => {
    const api = new FakeApi().on('getGroupAdhocSettings', adhoc({ period: '1d', codeCreatedAt: new Date(Date.now() - 2 * DAY).toISOString() }));
    await renderWithApp(<AddLuSmartModal groupId={GROUP} onClose={() => undefined} />, { roles: ['luc_admin'], api });
    expect(await screen.findByTestId('lusmart-adhoc-valid')).toHaveTextContent('This code has expired; save to draw a new one.');
  });

  it('the permanent tab chooses the plan type units join under; the key has its link once joining is on', async () => {
    let held = permanent();
    const api = new FakeApi()
      .on('getGroupAdhocSettings', adhoc())
      .on('getGroupPermanentSettings', () => held)
      .on('fetchGroupDetails', [])
      .on('updateGroupPermanentSettings', ({ body }) => {
        held = { ...held, mode: body.mode ?? held.mode, regenerate: body.regenerate, version: held.version + 1 };
        return held;
      });
    const { user } = await renderWithApp(<AddLuSmartModal groupId={GROUP} onClose={() => undefined} />, { roles: ['luc_admin'], api });

    await user.click(await screen.findByTestId('lusmart-tab-permanent'));
    expect(await screen.findByTestId('lusmart-permanent-key')).toHaveTextContent('WXYZ6789');
    // Off: the key admits no one, so it has no link.
    expect(screen.queryByTestId('lusmart-permanent-key-link')).toBeNull();

    await user.click(screen.getByTestId('lusmart-permanent-mode'));
    await user.click(await screen.findByRole('option', { name: 'Permanent LU-Smart' }));
    await user.click(screen.getByTestId('lusmart-permanent-save'));

    await waitFor(() => expect(api.calls('updateGroupPermanentSettings')).toHaveLength(1));
    expect(api.calls('updateGroupPermanentSettings')[0]?.body).toEqual({ mode: 'PERMANENT_SMART', regenerate: 'never', resetKey: false, version: 4 });
    expect(await screen.findByTestId('lusmart-permanent-key-link')).toHaveTextContent(linkOf('WXYZ6789'));
    expect(screen.getByTestId('lusmart-permanent-mode')).toHaveValue('Permanent LU-Smart');
  });

  it("a read arriving while the ad-hoc form is open keeps the user's choice and shows the rest as read, with the dropdown still open", async () => {
    const api = new FakeApi().on('getGroupAdhocSettings', adhoc());
    const { user, queryClient } = await renderWithApp(<AddLuSmartModal groupId={GROUP} onClose={() => undefined} />, { roles: ['luc_admin'], api });
    await user.click(await screen.findByTestId('lusmart-adhoc-period'));
    await user.click(await screen.findByRole('option', { name: '1 day' }));
    await user.click(screen.getByTestId('lusmart-adhoc-mode'));
    expect(await screen.findByRole('option', { name: 'Ad-hoc LU-Lite' })).toBeVisible();
    // Another console's save (a new version, another mode) is read meanwhile.
    act(() => queryClient.setQueryData(endpointKey('getGroupAdhocSettings', { params: { groupId: GROUP } }), adhoc({ mode: 'ADHOC', version: 5 })));
    await waitFor(() => expect(screen.getByTestId('lusmart-adhoc-mode')).toHaveValue('Ad-hoc'));
    expect(screen.getByTestId('lusmart-adhoc-period')).toHaveValue('1 day');
    await user.click(screen.getByRole('option', { name: 'Ad-hoc LU-Lite' }));
    expect(screen.getByTestId('lusmart-adhoc-mode')).toHaveValue('Ad-hoc LU-Lite');
  });
});
