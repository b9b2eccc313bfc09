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

export function useConfirmedDelete<Row, V>(remove: DeleteMutation<V>, options: ConfirmedDeleteOptions<Row, V>) {
  const toast = useToast();
  // The row asked about; null while no confirmation is open.
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
