/**
 * Unit expiration in a group (spec 001 §7 GET/PUT v2/groups/{id}/units/{unitId}/expiration): one
 * row per unit with until when it stays, read per unit; applying a choice saves it and shows what
 * was saved; readers see the state without the choice; a group without units says so.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../../test-utils/fakeApi';
import { renderWithApp } from '../../../test-utils/render';
import { UnitExpirations } from './UnitExpirations';

const UNITS = [
  { value: 'LU1', label: 'Unit one' },
  { value: 'LU2', label: 'Unit two' },
];

function api() {
  return new FakeApi()
    .on('getGroupUnitExpiration', ({ params: { unitId } }) =>
      unitId === 'LU2'
        ? { groupId: 'g1', unitId, expiresAt: '2020-01-01T00:00:00.000Z', expired: true }
        : { groupId: 'g1', unitId, expiresAt: '2030-01-01T00:00:00.000Z', expired: false },
    )
    .on('updateGroupUnitExpiration', { groupId: 'g1', unitId: 'LU1', expiresAt: null, expired: false });
}

describe('Groups: the units’ expiration', () => {
  it('shows each unit’s state and saves the chosen period', async () => {
    const fake = api();
    const { user } = await renderWithApp(<UnitExpirations groupId="g1" units={UNITS} />, { api: fake, realtime: false });
    expect(await screen.findByText('Expired')).toBeVisible();
    expect(screen.getByTestId('unit-expiration-LU2')).toHaveTextContent('Unit two');
    expect(screen.getByTestId('unit-expiration-LU1')).toHaveAttribute('data-expires', '2030-01-01T00:00:00.000Z');
    await user.click(screen.getByTestId('unit-expiration-apply-LU1'));
    await waitFor(() => expect(screen.getByTestId('unit-expiration-state-LU1')).toHaveTextContent('Permanently'));
    expect(screen.getByTestId('unit-expiration-LU1')).toHaveAttribute('data-expires', '');
    expect(fake.calls('updateGroupUnitExpiration')[0]?.body).toEqual({ period: null });
  });

  it('shows readers the state without the choice, and says when the group has no units', async () => {
    const { unmount } = await renderWithApp(<UnitExpirations groupId="g1" units={UNITS} />, { api: api(), roles: ['luc_read'], realtime: false });
    expect(await screen.findByText('Expired')).toBeVisible();
    expect(screen.queryByTestId('unit-expiration-apply-LU1')).not.toBeInTheDocument();
    unmount();
    await renderWithApp(<UnitExpirations groupId="g1" units={[]} />, { api: api(), realtime: false });
    expect(screen.getByTestId('unit-expirations-empty')).toBeVisible();
  });
});
