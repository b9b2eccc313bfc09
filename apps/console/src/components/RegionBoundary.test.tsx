import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@fleet/contracts';
import { useEndpointQuery } from '../api/hooks';
import { FakeApi, drifted } from '../test-utils/fakeApi';
import { makeGroupRow } from '../test-utils/fixtures';
import { renderWithApp } from '../test-utils/render';
import type { TFunction } from 'i18next';
import { RegionBoundary } from './RegionBoundary';
import { regionErrorReason } from './RegionError';

/** A panel that reads the groups and shows each one's name in capitals with its unit count: it throws on a row without its counts. */
function GroupsPanel() {
  const groups = useEndpointQuery('fetchGroups');
  if (!groups.data) return <p>loading</p>;
  return <p data-testid="groups-panel">{groups.data.map((g) => `${g.name.toUpperCase()} ${g.counts.units}`).join(', ')}</p>;
}

/** A sibling that reads nothing. */
function Sibling() {
  return <p data-testid="sibling">still here</p>;
}

describe('the reason in words', () => {
  const t = ((key: string, values?: { field?: string; message?: string }) => `${key}${values?.field ? `:${values.field}` : ''}`) as unknown as TFunction;
  const apiText = () => 'the core said no';

  it('names the field an answer left out, but not what the language calls on a value', () => {
    expect(regionErrorReason(t, apiText, new TypeError("Cannot read properties of undefined (reading 'units')"))).toEqual({
      kind: 'missing',
      text: 'regions.reason.missing:units',
    });
    expect(regionErrorReason(t, apiText, new TypeError("Cannot read properties of null (reading 'toLowerCase')"))).toEqual({
      kind: 'missing',
      text: 'regions.reason.missingUnnamed',
    });
    expect(regionErrorReason(t, apiText, new TypeError('can\'t access property "lat", location is undefined'))).toEqual({
      kind: 'missing',
      text: 'regions.reason.missing:lat',
    });
  });

  it('tells a value of another kind, and anything else', () => {
    expect(regionErrorReason(t, apiText, new TypeError('row.modems is not iterable'))).toEqual({ kind: 'shape', text: 'regions.reason.shape:modems' });
    expect(regionErrorReason(t, apiText, new TypeError('e.map is not a function'))).toEqual({ kind: 'shape', text: 'regions.reason.shapeUnnamed' });
    expect(regionErrorReason(t, apiText, new RangeError('Invalid time value'))).toEqual({ kind: 'shape', text: 'regions.reason.shapeUnnamed' });
    expect(regionErrorReason(t, apiText, new Error('[@mantine/core] something'))).toEqual({ kind: 'other', text: 'regions.reason.other' });
  });
});

describe('a region that fails', () => {
  it('shows in its place the call and the reason, with Retry; its siblings stay; Retry recovers once the answer is whole', async () => {
    vi.stubEnv('DEV', false);
    // The spy keeps React's report of the caught error out of the test's output.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let whole = false;
    const api = new FakeApi().on('fetchGroups', () => (whole ? [makeGroupRow({ name: 'News' })] : drifted([{ ...makeGroupRow(), counts: undefined }])));
    const { user } = await renderWithApp(
      <>
        <RegionBoundary kind="panel">
          <GroupsPanel />
        </RegionBoundary>
        <RegionBoundary kind="panel">
          <Sibling />
        </RegionBoundary>
      </>,
      { api, realtime: false },
    );

    const failed = await screen.findByTestId('region-error');
    expect(failed).toHaveAttribute('data-call-ids', 'fetchGroups');
    expect(failed).toHaveAttribute('data-reason', 'missing');
    expect(failed).toHaveTextContent('This part could not be shown');
    expect(failed).toHaveTextContent('Call: fetchGroups');
    expect(failed).toHaveTextContent('The answer lacks a value this part needs (“units”).');
    expect(screen.getByTestId('sibling')).toHaveTextContent('still here');

    whole = true;
    await user.click(within(failed).getByTestId('region-retry'));
    expect(await screen.findByTestId('groups-panel')).toHaveTextContent('NEWS 0');
    expect(screen.queryByTestId('region-error')).toBeNull();
    expect(api.calls('fetchGroups')).toHaveLength(2);
    errors.mockRestore();
    warnings.mockRestore();
  }, 20_000);

  it('a cell says it in one line, naming the calls of the table around it, in Chinese too', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Broken(): never {
      throw new TypeError('row.modems is not iterable');
    }
    function Table() {
      useEndpointQuery('fetchGroups');
      return (
        <div data-testid="table">
          <span data-testid="cell-a">
            <RegionBoundary kind="cell">
              <Broken />
            </RegionBoundary>
          </span>
          <span data-testid="cell-b">
            <RegionBoundary kind="cell">B</RegionBoundary>
          </span>
        </div>
      );
    }
    await renderWithApp(
      <RegionBoundary kind="table">
        <Table />
      </RegionBoundary>,
      { api: new FakeApi().on('fetchGroups', []), realtime: false, language: 'zh' },
    );
    const failed = await within(await screen.findByTestId('cell-a')).findByTestId('region-error');
    expect(failed).toHaveAttribute('data-region', 'cell');
    expect(failed).toHaveAttribute('data-call-ids', 'fetchGroups');
    expect(failed).toHaveAttribute('data-reason', 'shape');
    // A cell is narrow: its sign and a Retry sign, what failed and Retry said in their labels.
    expect(failed).toHaveTextContent('⚠');
    expect(failed.getAttribute('aria-label')).toContain('fetchGroups');
    expect(within(failed).getByTestId('region-retry')).toHaveAccessibleName('重试');
    expect(screen.getByTestId('cell-b')).toHaveTextContent('B');
    errors.mockRestore();
    warnings.mockRestore();
  }, 20_000);

  it('a page region does not name the calls of the frame around it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Frame({ children }: { children: React.ReactNode }) {
      useEndpointQuery('lightFetchGroups');
      return <>{children}</>;
    }
    function Page(): never {
      throw new Error('boom');
    }
    await renderWithApp(
      <RegionBoundary kind="header">
        <Frame>
          <RegionBoundary kind="page" standalone>
            <Page />
          </RegionBoundary>
        </Frame>
      </RegionBoundary>,
      { api: new FakeApi().on('lightFetchGroups', []), realtime: false, user: null as CurrentUser | null },
    );
    const failed = await screen.findByTestId('region-error');
    expect(failed).toHaveAttribute('data-region', 'page');
    expect(failed).toHaveAttribute('data-call-ids', '');
    expect(failed).toHaveTextContent('No call: the console itself failed here.');
    expect(failed).toHaveTextContent('The rest of the console still works.');
    errors.mockRestore();
    warnings.mockRestore();
  }, 20_000);
});
