/**
 * What a page shows for one React Query answer: a loader while it is first loading, the failure
 * (also when a refetch failed), else the data (kept data included while a newer answer loads).
 * Pure, so the pages' choice is tested once (queryView.test.ts); QueryView.tsx renders it.
 */
export type QueryViewState<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'ready'; readonly data: T };

/** The part of a query result the choice reads (a UseQueryResult fits). */
export interface QueryLike<T> {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: unknown;
  readonly data: T | undefined;
}

export function queryViewState<T>(query: QueryLike<T>): QueryViewState<T> {
  if (query.isPending) return { kind: 'loading' };
  if (query.isError) return { kind: 'error', error: query.error };
  return query.data === undefined ? { kind: 'loading' } : { kind: 'ready', data: query.data };
}
