/**
 * /access_approvals (spec 001 §2; §4 "Access approval: active, expired, used", support access lasts
 * 8 hours): the approvals newest first, filtered by status; an active one revoked from its row
 * with the version listed; a row's details read fresh with getAccessApproval (the time left), and
 * marked used from there.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessApproval } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { ROUTES, type PageRoute } from '../../routing/routes';
import AccessApprovalsPage from './AccessApprovals.page';

const HOUR = 3_600_000;
const approval = (over: Partial<AccessApproval>): AccessApproval => ({
  id: 'aa-1',
  deviceType: 'unit',
  deviceId: 'LU800-0001',
  deviceName: 'Cam-1',
  status: 'active',
  reason: 'Support case 42',
  requestedBy: 'partner',
  approvedBy: 'super_user',
  expiresAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  usedAt: null,
  usedBy: null,
  revokedAt: null,
  revokedBy: null,
  version: 1,
  createdAt: new Date(Date.now() - 6 * HOUR).toISOString(),
  updatedAt: new Date(Date.now() - 6 * HOUR).toISOString(),
  ...over,
});
const ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.path === '/access_approvals');

describe('/access_approvals', () => {
  it('revokes an active approval from its row; a row opens its details read fresh, marked used from there; the status filter is sent', async () => {
    if (ROUTE === undefined) throw new Error('no /access_approvals route');
    let rows = [approval({}), approval({ id: 'aa-2', deviceId: 'LU800-0002', deviceName: 'Cam-2', version: 5 })];
    const api = new FakeApi()
      .on('listAccessApprovals', ({ query }) => ({
        items: rows.filter((a) => query.status === undefined || a.status === query.status),
        total: rows.length,
        offset: query.offset,
        limit: query.limit,
      }))
      .on('getAccessApproval', ({ params }) => ({ ...rows.find((a) => a.id === params.id)!, version: 6 }))
      .on('revokeAccessApproval', ({ params }) => {
        rows = rows.map((a) =>
          a.id === params.id ? { ...a, status: 'expired', revokedAt: new Date().toISOString(), revokedBy: 'super_user', version: a.version + 1 } : a,
        );
        return rows.find((a) => a.id === params.id)!;
      })
      .on('useAccessApproval', ({ params }) => {
        rows = rows.map((a) => (a.id === params.id ? { ...a, status: 'used', usedAt: new Date().toISOString(), usedBy: 'super_user', version: 7 } : a));
        return rows.find((a) => a.id === params.id)!;
      });
    const { user } = await renderWithApp(<AccessApprovalsPage route={ROUTE} />, { roles: ['super_user'], route: '/access_approvals', api });
    expect(await screen.findByTestId('aa-row-aa-1')).toHaveAttribute('data-status', 'active');
    expect(api.calls('listAccessApprovals')[0]?.url).toMatch(/sortDir=desc&sortBy=createdAt/);

    await user.click(screen.getByTestId('aa-revoke-aa-1'));
    await waitFor(() => expect(screen.getByTestId('aa-row-aa-1')).toHaveAttribute('data-status', 'expired'));
    expect(api.calls('revokeAccessApproval')[0]?.body).toEqual({ version: 1 });
    expect(screen.getByTestId('aa-ended-aa-1')).toHaveTextContent('Revoked by super_user');
    expect(screen.queryByTestId('aa-revoke-aa-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('aa-details-modal')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('aa-row-aa-2'));
    const details = await screen.findByTestId('aa-details-modal');
    expect(await within(details).findByTestId('aa-details-left')).toHaveTextContent(/^1[12]\d minutes$/);
    expect(api.calls('getAccessApproval')[0]?.url).toBe('/api/v2/admin/accessApprovals/aa-2');
    await user.click(within(details).getByTestId('aa-details-use-aa-2'));
    await waitFor(() => expect(screen.queryByTestId('aa-details-modal')).not.toBeInTheDocument());
    expect(api.calls('useAccessApproval')[0]?.body).toEqual({ version: 6 });
    await waitFor(() => expect(screen.getByTestId('aa-row-aa-2')).toHaveAttribute('data-status', 'used'));

    await user.click(screen.getByRole('radio', { name: 'Used' }));
    await waitFor(() => expect(screen.queryByTestId('aa-row-aa-1')).not.toBeInTheDocument());
    expect(api.calls('listAccessApprovals').at(-1)?.url).toContain('status=used');
  });
});
