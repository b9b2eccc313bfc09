/**
 * The kit's page of rows with their buttons, through a declaration on it (the what's new entries):
 * the list's own test ids apart from the rows' where a screen's tests know them so, and a change of
 * the screen's filter starting the list again at its first page with the search kept.
 */
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WhatsNewEntry } from '@fleet/contracts';
import { FakeApi } from '../test-utils/fakeApi';
import { fill, renderWithApp } from '../test-utils/render';
import { whatsNewResource } from '../features/whats-new/WhatsNewSection';
import { RowButtonsPage } from './RowButtonsPage';

const AT = '2026-01-10T09:00:00.000Z';
const entry = (n: number): WhatsNewEntry => ({
  id: `wn-${n}`, title: `Entry ${n}`, body: '', releaseVersion: null, link: null, active: true, publishedAt: null, version: 1, createdAt: AT, updatedAt: AT,
});

function Filtered() {
  const [filter, setFilter] = useState('a');
  return (
    <>
      <button type="button" onClick={() => setFilter('b')} data-testid="change-filter" />
      <RowButtonsPage resource={whatsNewResource} listTestId="wns" tableTestId="table" filterKey={filter} />
    </>
  );
}

describe('kit: a page of rows with their buttons', () => {
  it('gives the list its own test ids apart from the rows, and starts again at page 1 (search kept) when the filter changes', async () => {
    const api = new FakeApi().on('listAdminWhatsNew', ({ query }) => ({ items: [entry(query.offset + 1)], total: 120, offset: query.offset, limit: query.limit }));
    const { user } = await renderWithApp(<Filtered />, { roles: ['super_user'], api });
    expect(await screen.findByTestId('wn-row-wn-1')).toBeVisible();
    expect(screen.getByTestId('wns-table')).toBeVisible();
    await fill(user, screen.getByTestId('wns-search'), 'Entry');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByTestId('wn-row-wn-51')).toBeVisible();
    await user.click(screen.getByTestId('change-filter'));
    expect(await screen.findByTestId('wn-row-wn-1')).toBeVisible();
    expect(screen.getByTestId('wns-search')).toHaveValue('Entry');
  });
});
