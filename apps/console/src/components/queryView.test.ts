import { describe, expect, it } from 'vitest';
import { queryViewState } from './queryView';

const base = { isPending: false, isError: false, error: null, data: undefined };

describe('queryViewState', () => {
  it('loads first', () => {
    expect(queryViewState({ ...base, isPending: true })).toEqual({ kind: 'loading' });
  });
  it('shows the failure, also when a refetch of kept data failed', () => {
    const error = new Error('down');
    expect(queryViewState({ ...base, isError: true, error })).toEqual({ kind: 'error', error });
    expect(queryViewState({ ...base, isError: true, error, data: [1] })).toEqual({ kind: 'error', error });
  });
  it('shows the data, also kept data while a newer answer loads', () => {
    expect(queryViewState({ ...base, data: [1, 2] })).toEqual({ kind: 'ready', data: [1, 2] });
    expect(queryViewState({ ...base, data: { items: [] } })).toEqual({ kind: 'ready', data: { items: [] } });
  });
  it('never shows missing data as ready', () => {
    expect(queryViewState({ ...base })).toEqual({ kind: 'loading' });
  });
});
