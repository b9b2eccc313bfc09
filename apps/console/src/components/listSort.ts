/**
 * The one sort step of every paged list (admin entities, contractor entities, system settings,
 * stories): a click on the sorted column flips its direction, a click on another column sorts it in
 * its first direction (ascending unless the list says otherwise, e.g. dates newest first); either way
 * the list goes back to its first page.
 */
import type { SortDirection } from './grid/gridSort';

export interface SortedView<K extends string> {
  readonly sortBy: K;
  readonly sortDir: SortDirection;
  readonly page: number;
}

export function nextListSort<V extends SortedView<string>>(view: V, sortBy: V['sortBy'], firstDir: SortDirection = 'asc'): V {
  const sortDir: SortDirection = view.sortBy === sortBy ? (view.sortDir === 'asc' ? 'desc' : 'asc') : firstDir;
  return { ...view, sortBy, sortDir, page: 1 };
}
