import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION, type JoinedDevice } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { answered, ControlPlane, refused } from '../../test-utils/controlPlane';
import { JoinSection } from './JoinSection';
import { mockTrpcUrl } from './trpc';

const device: JoinedDevice = {
  unitId: 'LUSMART-7KX2M4QP',
  name: 'Sim-Guest',
  productType: 'LU-Smart',
  groupId: 'grp-newsroom',
  groupName: 'Newsroom',
  inventoryId: 'inv-global',
  planType: 'ADHOC_SMART',
  expiresAt: null,
  joinedAt: '2030-01-01T10:00:00.000Z',
};

describe('Simulator panel: join with a code (fleet.join)', () => {
  it('a simulated device joins with the code, name and device given; the answer names the unit with a link to it', async () => {
    const sent: unknown[] = [];
    const api = new FakeApi().onRaw('POST', `${mockTrpcUrl()}/fleet.join`, ({ body }) => {
      sent.push(body);
      return answered(device);
    });
    const { user } = await renderWithApp(
      <ControlPlane>
        <JoinSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );

    expect(screen.getByTestId('simulator-join-submit')).toBeDisabled();
    await fill(user, screen.getByTestId('simulator-join-code'), 'ABCD2345');
    await fill(user, screen.getByTestId('simulator-join-name'), 'Sim-Guest');
    await user.click(screen.getByTestId('simulator-join-submit'));

    const done = await screen.findByTestId('simulator-join-done');
    expect(sent).toEqual([{ code: 'ABCD2345', deviceName: 'Sim-Guest', productType: 'LU-Smart' }]);
    expect(done).toHaveTextContent('LUSMART-7KX2M4QP (Sim-Guest) joined Newsroom under ADHOC_SMART.');
    expect(screen.getByTestId('simulator-join-open')).toHaveAttribute('href', '/list?unit=LUSMART-7KX2M4QP');
  });

  it("shows the core's refusal in its words", async () => {
    const api = new FakeApi().onRaw('POST', `${mockTrpcUrl()}/fleet.join`, () => refused(400, 'BAD_REQUEST', VALIDATION.invalidField));
    const { user } = await renderWithApp(
      <ControlPlane>
        <JoinSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );

    await fill(user, screen.getByTestId('simulator-join-code'), 'ZZZZ2222');
    await user.click(screen.getByRole('radio', { name: 'LU-Lite' }));
    await user.click(screen.getByTestId('simulator-join-submit'));

    expect(await screen.findByTestId('simulator-join-error')).toHaveTextContent(VALIDATION.invalidField);
    expect(screen.queryByTestId('simulator-join-done')).toBeNull();
  });
});
