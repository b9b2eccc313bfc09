/**
 * "Confirm delete → call → toast → close", written once for every list with a Delete button.
 * `ask(row)` clears the last refusal and opens the confirmation; `modalProps` (pending, error,
 * onConfirm, onClose) spread into `ConfirmDeleteModal`, rendered while `target` is not null:
 *
 *   const del = useConfirmedDelete(remove, { variables: (r) => ({ params: { id: r.id } }), deleted: (r) => t('…', { name: r.name }) });
 *   {del.target && <ConfirmDeleteModal title=… question={…del.target.name…} testIdPrefix=… {...del.modalProps} />}
 */
import { useState } from 'react';
import { useToast } from '../toast/useToast';
import { deleteConfirmed, type ConfirmedDeleteOptions, type DeleteMutation } from './confirmedDelete';

export type { ConfirmedDeleteOptions, DeleteMutation } from './confirmedDelete';

export interface ConfirmDeleteModalState {
  readonly pending: boolean;
  readonly error: unknown;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

export interface ConfirmedDelete<Row> {
  /** The row asked about; null while no confirmation is open. */
  readonly target: Row | null;
  readonly ask: (row: Row) => void;
  readonly close: () => void;
  readonly modalProps: ConfirmDeleteModalState;
}

export function useConfirmedDelete<Row, V>(remove: DeleteMutation<V>, options: ConfirmedDeleteOptions<Row, V>): ConfirmedDelete<Row> {
  const toast = useToast();
  const [target, setTarget] = useState<Row | null>(null);
  const close = () => setTarget(null);
  const ask = (row: Row) => {
    remove.reset();
    setTarget(row);
  };
  const onConfirm = () => {
    if (target === null) return;
    deleteConfirmed(target, remove, options, { toast: (message) => toast.show({ message, variant: 'success' }), close });
  };
  return { target, ask, close, modalProps: { pending: remove.isPending, error: remove.error, onConfirm, onClose: close } };
}
