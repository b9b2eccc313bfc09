/**
 * The unit's services modal (spec 001 §3 Service; 000 §6 "A service counts as enabled when its
 * status is ENABLED"): one row per service with its status, tier and expiry, a remove button for
 * the manage roles only (asking before it removes), and the empty note for a unit without any.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role, UnitServiceInfo } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import ServicesModal from './ServicesModal';

const UNIT = 'LU800-0001';
const unit = makeDetail({ uniqueId: UNIT, name: 'Camera_north' });

function service(overrides: Partial<UnitServiceInfo>): UnitServiceInfo {
  return {
    id: 's1',
    serviceName: 'Cloud',
    serviceStatus: 'ENABLED',
    enabled: true,
    tier: null,
    lifecycle: null,
    trialState: null,
    trialEndsAt: null,
    expiresAt: null,
    usageKind: 'standard',
    ...overrides,
  };
}

function open(services: UnitServiceInfo[], roles: Role[]) {
  const api = new FakeApi().on('getUnitServices', services);
  return renderWithApp(<ServicesModal unit={unit} opened onClose={() => undefined} />, { api, roles, realtime: false });
}

describe('Unit actions: the services modal', () => {
  it('lists the services with their state, and lets a manager remove one after asking', async () => {
    const { user } = await open(
      [service({}), service({ id: 's2', serviceName: 'Remote', serviceStatus: 'DISABLED', enabled: false, tier: 'gold' })],
      ['luc_admin'],
    );
    const table = await screen.findByTestId('unit-services-table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    const remote = screen.getByTestId('unit-service-Remote');
    expect(remote).toHaveAttribute('data-enabled', 'false');
    expect(remote).toHaveAttribute('data-status', 'DISABLED');
    expect(remote).toHaveTextContent('gold');
    expect(screen.getByTestId('unit-service-Cloud')).toHaveAttribute('data-enabled', 'true');
    await user.click(screen.getByTestId('unit-service-remove-Remote'));
    expect(screen.getByTestId('unit-service-remove-confirm')).toHaveTextContent('Remote');
  });

  it('offers no remove to a reader, and says when the unit has no service', async () => {
    const { unmount } = await open([service({})], ['luc_read']);
    expect(await screen.findByTestId('unit-service-Cloud')).toBeVisible();
    expect(within(screen.getByTestId('unit-services-table')).getAllByRole('columnheader')).toHaveLength(4);
    expect(screen.queryByTestId('unit-service-remove-Cloud')).not.toBeInTheDocument();
    unmount();
    await open([], ['luc_admin']);
    expect(await screen.findByTestId('unit-services-empty')).toBeVisible();
    expect(screen.queryByTestId('unit-services-table')).not.toBeInTheDocument();
  });
});
