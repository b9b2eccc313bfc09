import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION, type JoinedDevice } from '@fleet/contracts';
import { routeObjects } from '../../../Router';
import { FakeApi, apiError, fieldErrors } from '../../../test-utils/fakeApi';
import { fill, renderRoutes, renderWithApp } from '../../../test-utils/render';
import { JoinWithCode } from './JoinWithCode';

const joined = (over: Partial<JoinedDevice> = {}): JoinedDevice => ({
  unitId: 'LULITE-7KX2M4QP',
  name: 'Guest-Cam-1',
  productType: 'LU-Lite',
  groupId: 'grp-newsroom',
  groupName: 'Newsroom',
  inventoryId: 'inv-global',
  planType: 'ADHOC',
  expiresAt: '2030-01-02T10:00:00.000Z',
  joinedAt: '2030-01-01T10:00:00.000Z',
  ...over,
});

describe('joining a group with a code (POST groups/join) on the easy-live page', () => {
  it("an invitation's link opens the page with its code filled in; joining sends the code, the name and the device, and says where the device now is", async () => {
    const api = new FakeApi().on('joinGroupWithCode', ({ body }) => joined({ name: body.deviceName ?? '', productType: body.productType }));
    const { user } = await renderRoutes(routeObjects, { route: '/easy_live?invitation=ABCD2345&ignoreRouteDefault=1', roles: ['luc_studio'], api });

    const code = await screen.findByTestId('join-code');
    expect(code).toHaveValue('ABCD2345');
    await fill(user, screen.getByTestId('join-device-name'), 'Guest-Cam-1');
    await user.click(screen.getByRole('radio', { name: 'LU-Lite' }));
    await user.click(screen.getByTestId('join-submit'));

    const done = await screen.findByTestId('join-done');
    expect(api.calls('joinGroupWithCode').map((c) => c.body)).toEqual([{ code: 'ABCD2345', deviceName: 'Guest-Cam-1', productType: 'LU-Lite' }]);
    expect(done).toHaveAttribute('data-unit', 'LULITE-7KX2M4QP');
    expect(done).toHaveTextContent('Guest-Cam-1 is now a unit of the group Newsroom.');
    expect(done).toHaveTextContent('Plan: Ad-hoc (LU-Lite).');
    expect(screen.getByTestId('join-done-stay')).toHaveTextContent('It stays in the group until');
  });

  it("a guest invitation's code without a name: the name is left out (the invited one is kept); a permanent key's device stays for good", async () => {
    const api = new FakeApi().on(
      'joinGroupWithCode',
      joined({ name: 'Interview-Guest', productType: 'LU-Smart', planType: 'PERMANENT_SMART', expiresAt: null }),
    );
    const { user } = await renderWithApp(<JoinWithCode initialCode="" />, { roles: ['luc_regular'], api });

    await fill(user, screen.getByTestId('join-code'), ' wxyz 2345 ');
    await user.click(screen.getByTestId('join-submit'));

    expect(await screen.findByTestId('join-done')).toHaveTextContent('Interview-Guest is now a unit of the group Newsroom.');
    expect(api.calls('joinGroupWithCode').map((c) => c.body)).toEqual([{ code: 'wxyz 2345', productType: 'LU-Smart' }]);
    expect(screen.getByTestId('join-done-stay')).toHaveTextContent('It stays in the group permanently.');
  });

  it('shows a refusal about a field the form does not have at the form level, named, instead of losing it', async () => {
    const api = new FakeApi().on('joinGroupWithCode', fieldErrors([{ path: 'body.groupId', message: VALIDATION.required }]));
    const { user } = await renderWithApp(<JoinWithCode initialCode="ABCD2345" />, { roles: ['luc_regular'], api });

    await user.click(screen.getByTestId('join-submit'));
    expect(await screen.findByTestId('join-unshown-errors')).toHaveTextContent('Group: This field is required');
  });

  it("checks the fields with the call's own schema first, in the spec's words, and sends nothing", async () => {
    const api = new FakeApi();
    const { user } = await renderWithApp(<JoinWithCode initialCode="" />, { roles: ['luc_freelancer'], api });

    await fill(user, screen.getByTestId('join-device-name'), 'bad name!');
    await user.click(screen.getByTestId('join-submit'));

    expect(await screen.findByText(VALIDATION.required)).toBeVisible();
    expect(screen.getByText(VALIDATION.unitNameCharacters)).toBeVisible();
    expect(api.calls('joinGroupWithCode')).toHaveLength(0);
  });

  it("the core's refusals show under their field: a wrong or expired code, a device the plan does not admit, a name in use", async () => {
    let answer = fieldErrors([{ path: 'body.code', message: VALIDATION.invalidField }]);
    const api = new FakeApi().on('joinGroupWithCode', () => answer);
    const { user } = await renderWithApp(<JoinWithCode initialCode="ZZZZ2222" />, { roles: ['luc_ingest'], api });
    await fill(user, screen.getByTestId('join-device-name'), 'Guest-Cam-1');

    await user.click(screen.getByTestId('join-submit'));
    expect(await screen.findByText(VALIDATION.invalidField)).toBeVisible();
    expect(screen.getByTestId('join-code')).toHaveAttribute('aria-invalid', 'true');

    answer = fieldErrors([{ path: 'body.productType', message: VALIDATION.invalidField }]);
    await user.click(screen.getByTestId('join-submit'));
    await waitFor(() => expect(screen.getByTestId('join-code')).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByTestId('join-product-error')).toHaveTextContent(VALIDATION.invalidField);

    answer = apiError('NAME_IN_USE', [{ path: 'body.deviceName', message: VALIDATION.unitNameInUse }], VALIDATION.unitNameInUse);
    await user.click(screen.getByTestId('join-submit'));
    expect(await screen.findByText(VALIDATION.unitNameInUse)).toBeVisible();
    expect(screen.queryByTestId('join-done')).toBeNull();
    expect(api.calls('joinGroupWithCode')).toHaveLength(3);
  });

  it('against a core without the joining call (404, as the real core may answer) says joining is not offered, in Chinese too', async () => {
    const api = new FakeApi().onRaw('POST', '/api/groups/join', () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }));
    const { user } = await renderWithApp(<JoinWithCode initialCode="ABCD2345" />, { roles: ['luc_ingest'], api, language: 'zh' });
    await fill(user, screen.getByTestId('join-device-name'), 'Guest-Cam-1');
    await user.click(screen.getByTestId('join-submit'));
    expect(await screen.findByTestId('join-error')).toHaveTextContent('此核心不提供凭邀请码加入群组');
    expect(screen.queryByTestId('join-done')).toBeNull();
  });

  it('is not offered to users who may not join (read only)', async () => {
    await renderWithApp(<JoinWithCode initialCode="ABCD2345" />, { roles: ['luc_read'] });
    expect(screen.queryByTestId('join-with-code')).toBeNull();
  });
});
