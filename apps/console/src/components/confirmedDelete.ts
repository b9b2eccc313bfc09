/**
 * The pure part of `useConfirmedDelete`: what a confirmed delete does — the call with the row's
 * variables, and once it succeeds the toast, the caller's extra step and the modal closed. A refusal
 * does none of these: it stays on the mutation for the modal to show.
 */

/** What the delete needs of a mutation (a `useEndpointMutation` / `useSettingsMutation` result fits). */
export interface DeleteMutation<V> {
  readonly mutate: (variables: V, options?: { onSuccess?: () => void }) => void;
  readonly reset: () => void;
  readonly isPending: boolean;
  readonly error: unknown;
}

export interface ConfirmedDeleteOptions<Row, V> {
  /** The call's input for the row (e.g. `{ params: { id: row.id } }`). */
  readonly variables: (row: Row) => V;
  /** The success toast's text; none without it. */
  readonly deleted?: (row: Row) => string;
  /** One more step once deleted (read a list again, patch a cache, navigate). */
  readonly onDeleted?: (row: Row) => void;
}

export interface DeleteEffects {
  readonly toast: (message: string) => void;
  readonly close: () => void;
}

/** Sends the row's delete; on success shows the toast, runs `onDeleted`, then closes. */
export function deleteConfirmed<Row, V>(row: Row, remove: DeleteMutation<V>, options: ConfirmedDeleteOptions<Row, V>, effects: DeleteEffects): void {
  remove.mutate(options.variables(row), {
    onSuccess: () => {
      const message = options.deleted?.(row);
      if (message !== undefined) effects.toast(message);
      options.onDeleted?.(row);
      effects.close();
    },
  });
}
