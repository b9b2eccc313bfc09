/**
 * The unit list's search box in its header (spec 000 §9 "Search box collapse: 500 ms after mouse
 * leaves"): it opens under the pointer, folds 500 ms after the pointer leaves, stays open while it
 * holds a search, and searches the list as the filter panel's search field does.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitListPage from './UnitList.page';

const units = [makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' }), makeUnit({ uniqueId: 'LU800-0002', name: 'Backpack' })];

function shownUnits(): string[] {
  return within(screen.getByTestId('grid-units'))
    .queryAllByTestId(/^unit-name-/)
    .map((cell) => cell.textContent ?? '');
}

async function renderList() {
  const rendered = await renderWithApp(<UnitListPage />, { api: new FakeApi().on('fetchDevices', units), route: '/list' });
  await screen.findByTestId('unit-row-LU800-0001');
  return rendered;
}

const box = () => screen.getByTestId('unit-quick-search');

afterEach(() => {
  vi.useRealTimers();
});

describe('/list: the header search box', () => {
  it('opens under the pointer and folds 500 ms after the pointer leaves, not before', async () => {
    await renderList();
    expect(box()).toHaveAttribute('data-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Search units' })).toBeVisible();

    vi.useFakeTimers();
    fireEvent.mouseEnter(box());
    expect(box()).toHaveAttribute('data-expanded', 'true');
    expect(screen.getByTestId('unit-quick-search-input')).toBeVisible();

    fireEvent.mouseLeave(box());
    act(() => vi.advanceTimersByTime(TIMINGS.searchBoxCollapseMs - 1));
    expect(box()).toHaveAttribute('data-expanded', 'true');
    // Back under the pointer before the end: it stays open.
    fireEvent.mouseEnter(box());
    act(() => vi.advanceTimersByTime(TIMINGS.searchBoxCollapseMs));
    expect(box()).toHaveAttribute('data-expanded', 'true');

    fireEvent.mouseLeave(box());
    act(() => vi.advanceTimersByTime(TIMINGS.searchBoxCollapseMs - 1));
    expect(box()).toHaveAttribute('data-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(box()).toHaveAttribute('data-expanded', 'false');
    expect(screen.queryByTestId('unit-quick-search-input')).not.toBeInTheDocument();
  });

  it('searches the list, stays open while it holds a search, and folds once cleared and left', async () => {
    const { user } = await renderList();
    // From the keyboard, the button opens the box with the focus in it.
    fireEvent.focus(screen.getByRole('button', { name: 'Search units' }));
    const input = screen.getByTestId('unit-quick-search-input');
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'back');
    await waitFor(() => expect(shownUnits()).toEqual(['Backpack']));
    expect(screen.getByTestId('unit-list-summary')).toHaveTextContent('1 of 2 units');

    input.blur();
    vi.useFakeTimers();
    fireEvent.mouseLeave(box());
    act(() => vi.advanceTimersByTime(10 * TIMINGS.searchBoxCollapseMs));
    expect(box()).toHaveAttribute('data-expanded', 'true');

    fireEvent.click(screen.getByTestId('unit-quick-search-clear'));
    expect(shownUnits()).toEqual(['Backpack', 'Camera_north']);
    fireEvent.mouseLeave(box());
    act(() => vi.advanceTimersByTime(TIMINGS.searchBoxCollapseMs));
    expect(box()).toHaveAttribute('data-expanded', 'false');
  });
});
