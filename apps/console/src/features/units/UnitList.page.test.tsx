import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import shell from '../../i18n/en.json';
import listEn from '../../i18n/areas/unitList.en.json';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeUnit, startedStreaming } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import { answered } from '../../test-utils/controlPlane';
import { mockTrpcUrl } from '../simulator/trpc';
import UnitListPage from './UnitList.page';
import { centreOf } from '../notification-centre/centreStore';

const idle = makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north', status: 'idle', version: 5 });
const streaming = makeUnit({ uniqueId: 'LU800-0002', name: 'Camera_south', status: 'streaming', applications: { video: { state: 'running' } } });
const offline = makeUnit({ uniqueId: 'LU800-0003', name: 'Backpack', status: 'offline', cameraConnected: false });
const units = [idle, streaming, offline];

function counter(name: string): string {
  return screen.getByTestId(`counter-${name}`).textContent ?? '';
}

function shownUnits(): string[] {
  return within(screen.getByTestId('grid-units'))
    .queryAllByTestId(/^unit-name-/)
    .map((cell) => cell.textContent ?? '');
}

async function renderList(api = new FakeApi().on('fetchDevices', units)) {
  const rendered = await renderWithApp(<UnitListPage />, { api, route: '/list' });
  await screen.findByTestId('unit-row-LU800-0001');
  return rendered;
}

describe('/list', () => {
  it('counts the units by status bucket and type in the counter bar', async () => {
    await renderList();
    expect(counter('busy')).toBe('1');
    expect(counter('idle')).toBe('1');
    expect(counter('offline')).toBe('1');
    expect(counter('field')).toBe('3');
    expect(counter('camera')).toBe('2');
    expect(screen.getByTestId('unit-list-summary')).toHaveTextContent('3 of 3 units');
  });

  it('filters the list to a status bucket when its counter is clicked, and names the filter in the address', async () => {
    const { user, router } = await renderList();

    await user.click(screen.getByTestId('counter-button-offline'));

    await waitFor(() => expect(shownUnits()).toEqual(['Backpack']));
    expect(screen.getByTestId('unit-list-summary')).toHaveTextContent('1 of 3 units');
    expect(screen.getByTestId('unit-filters-count')).toHaveTextContent('1');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('bucket')).toBe('offline'));
  });

  it('opens the filter a link names, over the saved filters', async () => {
    await renderWithApp(<UnitListPage />, { api: new FakeApi().on('fetchDevices', units), route: '/list?bucket=busy&q=camera' });
    await waitFor(() => expect(shownUnits()).toEqual(['Camera_south']));
    expect(screen.getByTestId('unit-filters-count')).toHaveTextContent('2');
  });

  it('moves a unit between counters when /ws says it started streaming, without reading the list again', async () => {
    const api = new FakeApi().on('fetchDevices', units);
    const { socket, settled, queryClient } = await renderList(api);
    await settled();
    const reads = api.calls('fetchDevices').length;
    expect(screen.getByTestId('unit-icon-LU800-0001')).toHaveAttribute('data-icon', 'online');
    expect(screen.getByTestId('unit-icon-LU800-0003')).toHaveAttribute('data-icon', 'offline');

    await socket.emit(startedStreaming('LU800-0001'));

    await waitFor(() => expect(screen.getByTestId('unit-status-LU800-0001')).toHaveTextContent('streaming'));
    // Spec 000 §4 unit icons: a streaming unit shows the busy icon, named.
    expect(screen.getByTestId('unit-icon-LU800-0001')).toHaveAttribute('data-icon', 'busy');
    expect(screen.getAllByRole('img', { name: 'Busy' })).toContain(screen.getByTestId('unit-icon-LU800-0001'));
    expect(counter('busy')).toBe('2');
    expect(counter('idle')).toBe('0');
    // Spec 000 §4: a unit that starts streaming is announced (on by default in the alert settings):
    // in the notification centre, once the short window that gathers a burst has passed; not as a toast.
    await waitFor(() =>
      expect(
        centreOf(queryClient)
          .getState()
          .entries.map((e) => [e.kind, e.nameAtArrival]),
      ).toEqual([['streamingStarted', 'Camera_north']]),
    );
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    expect(api.calls('fetchDevices')).toHaveLength(reads);
  });

  it('takes a newer unit.updated and ignores an older one arriving late', async () => {
    const { socket, settled } = await renderList();
    await settled();

    await socket.emit({ type: 'unit.updated', unit: { ...idle, name: 'Old_name', version: 4 }, at: 1 });
    await socket.emit({ type: 'unit.updated', unit: { ...streaming, name: 'Van_7', version: 2 }, at: 2 });

    await waitFor(() => expect(screen.getByTestId('unit-name-LU800-0002')).toHaveTextContent('Van_7'));
    expect(screen.getByTestId('unit-name-LU800-0001')).toHaveTextContent('Camera_north');
  });

  it('filters by type from the filter panel, counting the filter, and shows every unit once it is reset', async () => {
    const hub = makeUnit({ uniqueId: 'LU2000-0001', name: 'Link_one', typeGroup: 'ptmpUnits' });
    const { user } = await renderList(new FakeApi().on('fetchDevices', [...units, hub]));

    await user.click(screen.getByTestId('unit-filters-toggle'));
    // The filter panel is a lazy chunk: its first load may take a while on a busy machine.
    await user.click(await screen.findByTestId('unit-filter-type', {}, { timeout: 10_000 }));
    await user.click(await screen.findByRole('option', { name: shell.units.typeGroups.ptmpUnits }));
    await waitFor(() => expect(shownUnits()).toEqual(['Link_one']));
    expect(screen.getByTestId('unit-filters-count')).toHaveTextContent('1');
    expect(screen.getByTestId('unit-list-summary')).toHaveTextContent('1 of 4 units');

    await user.click(screen.getByTestId('unit-filters-reset'));
    await waitFor(() => expect(shownUnits()).toHaveLength(4));
  }, 20_000);

  it('explains an invalid modified-date value in the spec’s words and does not filter with it', async () => {
    const { user } = await renderList();

    await user.click(screen.getByTestId('unit-filters-toggle'));
    await user.click(
      within(await screen.findByTestId('unit-filter-modified-kind', {}, { timeout: 10_000 })).getByText(listEn.filters.modifiedKinds.last, { exact: true }),
    );
    const amount = screen.getByTestId('unit-filter-modified-amount');
    await fill(user, amount, '0');
    await waitFor(() => expect(screen.getByTestId('unit-filter-modified-error')).toHaveTextContent(VALIDATION.minValue(1)));
    await fill(user, amount, '1.5');
    await waitFor(() => expect(screen.getByTestId('unit-filter-modified-error')).toHaveTextContent(VALIDATION.integer));
    expect(screen.getByTestId('unit-list-summary')).toHaveTextContent('3 of 3 units');
    await fill(user, amount, '24');
    await waitFor(() => expect(screen.queryByTestId('unit-filter-modified-error')).not.toBeInTheDocument());

    await user.click(within(screen.getByTestId('unit-filter-modified-kind')).getByText(listEn.filters.modifiedKinds.range, { exact: true }));
    await fill(user, screen.getByTestId('unit-filter-modified-from'), '2025-06-10');
    await fill(user, screen.getByTestId('unit-filter-modified-to'), '2025-06-01');
    await waitFor(() => expect(screen.getByTestId('unit-filter-modified-error')).toHaveTextContent(listEn.validation.rangeOrder));
  }, 20_000);

  it('shows a read-only user the units without the actions column or start and stop buttons', async () => {
    await renderWithApp(<UnitListPage />, { api: new FakeApi().on('fetchDevices', units), route: '/list', roles: ['luc_read'] });
    await screen.findByTestId('unit-row-LU800-0001');
    expect(screen.getByTestId('grid-header-name')).toBeVisible();
    expect(screen.queryByTestId('grid-header-actions')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId(/^unit-(start|stop)-/)).toHaveLength(0);
  });

  it('says there is nothing to show for a user without units', async () => {
    await renderWithApp(<UnitListPage />, { api: new FakeApi().on('fetchDevices', []) });
    expect(await screen.findByTestId('units-empty')).toHaveTextContent('No units to show.');
    expect(counter('busy')).toBe('0');
  });

  it('shows the catalogue’s text when the list cannot be read', async () => {
    await renderWithApp(<UnitListPage />, { api: new FakeApi().on('fetchDevices', apiError('GENERIC')) });
    const alert = await screen.findByTestId('units-error');
    expect(alert).toHaveTextContent('Internal Error');
    expect(alert).toHaveTextContent('Generic Error');
  });

  it('reads the list again from the error’s Retry', async () => {
    // Refused (a client error is not retried by itself), then answered.
    const api = new FakeApi().on('fetchDevices', apiError('TOO_MANY_REQUESTS'));
    const { user } = await renderWithApp(<UnitListPage />, { api });
    await screen.findByTestId('units-error');
    api.on('fetchDevices', units);
    await user.click(screen.getByTestId('units-retry'));
    expect(await screen.findByTestId('unit-row-LU800-0001')).toBeInTheDocument();
  });

  it('opens a row’s Simulate menu (mock only) on the first click of its button, with the unit’s faults', async () => {
    const api = new FakeApi().on('fetchDevices', units);
    api.onRaw('GET', `${mockTrpcUrl()}/capabilities`, () => answered({ mock: true }));
    const { user } = await renderWithApp(<UnitListPage />, { api, route: '/list', roles: ['super_user'] });
    const row = await screen.findByTestId('unit-row-LU800-0001');
    const button = await within(row).findByTestId('simulate-menu-unit');
    expect(button).toHaveAccessibleName('Simulate on Camera_north');
    // The menu is not mounted before it is used.
    expect(screen.queryByTestId('simulate-menu-dropdown')).not.toBeInTheDocument();
    await user.click(button);
    const menu = await screen.findByTestId('simulate-menu-dropdown');
    expect(within(menu).getByText('Simulate on Camera_north')).toBeInTheDocument();
    expect(within(menu).getByText('Fail a modem')).toBeInTheDocument();
    // The row did not open (the click stays in the menu).
    expect(row).toHaveAttribute('data-selected', 'false');
  });
});
