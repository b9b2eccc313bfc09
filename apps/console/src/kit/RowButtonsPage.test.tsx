/**
 * The kit's page of rows with their buttons, through a declaration on it (the what's new entries):
 * the list's own test ids apart from the rows' where a screen's tests know them so, a change of
 * the screen's filter starting the list again at its first page with the search kept, the rows that
 * show no Edit or Delete, the empty text from the search, and a form's rule among the rows listed.
 */
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WhatsNewEntry } from '@fleet/contracts';
import { FakeApi } from '../test-utils/fakeApi';
import { fill, renderWithApp } from '../test-utils/render';
import { whatsNewResource } from '../features/whats-new/WhatsNewSection';
import { defineResource } from './resource';
import { RowButtonsPage } from './RowButtonsPage';

const AT = '2026-01-10T09:00:00.000Z';
const entry = (n: number): WhatsNewEntry => ({
  id: `wn-${n}`,
  title: `Entry ${n}`,
  body: '',
  releaseVersion: null,
  link: null,
  active: true,
  publishedAt: null,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
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
    const api = new FakeApi().on('listAdminWhatsNew', ({ query }) => ({
      items: [entry(query.offset + 1)],
      total: 120,
      offset: query.offset,
      limit: query.limit,
    }));
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

  it('shows Edit and Delete only on writable rows, the empty text from the search, and checks the form among the rows listed', async () => {
    const declared = whatsNewResource.form;
    if (declared === undefined) throw new Error('the what’s new entries have a form');
    // A title unique among the rows listed (a rule the page's rows feed).
    const resource = defineResource({
      ...whatsNewResource,
      form: { ...declared, check: (v, e, listed) => (listed?.some((r) => r.title === v.title) ? { title: 'Taken' } : declared.check(v, e)) },
    });
    const api = new FakeApi().on('listAdminWhatsNew', ({ query }) => {
      const items = query.searchValue === undefined ? [entry(1), entry(2)] : [];
      return { items, total: items.length, offset: query.offset, limit: query.limit };
    });
    const { user } = await renderWithApp(
      <RowButtonsPage resource={resource} rowWritable={(row) => row.id !== 'wn-2'} emptyText={(view) => (view.searchValue === '' ? 'None yet' : 'No match')} />,
      { roles: ['super_user'], api },
    );
    expect(await screen.findByTestId('wn-edit-wn-1')).toBeVisible();
    expect(screen.getByTestId('wn-delete-wn-1')).toBeVisible();
    expect(within(screen.getByTestId('wn-row-wn-2')).queryByTestId('wn-edit-wn-2')).not.toBeInTheDocument();
    expect(screen.queryByTestId('wn-delete-wn-2')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('wn-add'));
    await fill(user, await screen.findByTestId('wn-title'), 'Entry 2');
    await user.click(screen.getByTestId('wn-save'));
    expect(await screen.findByTestId('wn-error.title')).toHaveTextContent('Taken');
    expect(api.calls('createWhatsNew')).toHaveLength(0);
    await user.click(screen.getByTestId('wn-cancel'));

    await fill(user, screen.getByTestId('wn-search'), 'x');
    expect(await screen.findByTestId('wn-empty')).toHaveTextContent('No match');
  });
});
