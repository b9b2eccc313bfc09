/**
 * The batch upgrade page's CSV (spec 001 §5 "Batch upgrade CSV: at most 500 devices", §9 "500
 * devices per batch"): the devices of the file counted as it is typed in, 501 refused before
 * anything is sent, 500 within the limit.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import BatchUpgradePage from './BatchUpgrade.page';

const csvOf = (count: number) => ['deviceId,targetVersion', ...Array.from({ length: count }, (_, i) => `NOPE-${String(i).padStart(4, '0')},10.1`)].join('\n');

describe('Batch upgrade: the CSV', () => {
  it('refuses 501 devices before anything is sent, and takes 500', async () => {
    const api = new FakeApi().on('listUpgradeBatches', ({ query }) => ({ items: [], total: 0, offset: 0, limit: query.limit }));
    const { user } = await renderWithApp(<BatchUpgradePage />, { roles: ['super_user'], route: '/batch_upgrade', api });

    await fill(user, await screen.findByTestId('batch-csv'), csvOf(501));
    await waitFor(() => expect(screen.getByTestId('batch-count')).toHaveTextContent('501 devices in the file'));
    expect(screen.getByTestId('batch-over-limit')).toHaveTextContent(VALIDATION.batchUpgradeMaxDevices);
    expect(screen.getByTestId('batch-submit')).toBeDisabled();
    expect(api.calls('createUpgradeBatch')).toHaveLength(0);

    await fill(user, screen.getByTestId('batch-csv'), csvOf(500));
    await waitFor(() => expect(screen.getByTestId('batch-count')).toHaveTextContent('500 devices in the file'));
    expect(screen.queryByTestId('batch-over-limit')).not.toBeInTheDocument();
    expect(screen.getByTestId('batch-submit')).toBeEnabled();
  }, 30_000);
});
