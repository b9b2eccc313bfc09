import { describe, expect, it } from 'vitest';
import { deleteConfirmed, type DeleteMutation } from './confirmedDelete';

interface Row {
  readonly id: string;
  readonly name: string;
}

/** A mutation that records its calls and answers as told. */
function fakeMutation(outcome: 'success' | 'refused') {
  const sent: unknown[] = [];
  const remove: DeleteMutation<{ params: { id: string } }> = {
    mutate: (variables, options) => {
      sent.push(variables);
      if (outcome === 'success') options?.onSuccess?.();
    },
    reset: () => undefined,
    isPending: false,
    error: null,
  };
  return { remove, sent };
}

const row: Row = { id: 'r1', name: 'Alpha' };

describe('deleteConfirmed', () => {
  it('sends the row’s variables, then toasts, runs the extra step and closes, in that order', () => {
    const { remove, sent } = fakeMutation('success');
    const steps: string[] = [];
    deleteConfirmed(
      row,
      remove,
      { variables: (r) => ({ params: { id: r.id } }), deleted: (r) => `${r.name} deleted`, onDeleted: (r) => steps.push(`after ${r.id}`) },
      {
        toast: (m) => steps.push(`toast ${m}`),
        close: () => steps.push('close'),
      },
    );
    expect(sent).toEqual([{ params: { id: 'r1' } }]);
    expect(steps).toEqual(['toast Alpha deleted', 'after r1', 'close']);
  });

  it('shows no toast when the screen names none, and still closes', () => {
    const { remove } = fakeMutation('success');
    const steps: string[] = [];
    deleteConfirmed(
      row,
      remove,
      { variables: (r) => ({ params: { id: r.id } }) },
      { toast: (m) => steps.push(`toast ${m}`), close: () => steps.push('close') },
    );
    expect(steps).toEqual(['close']);
  });

  it('keeps the confirmation open and silent when the delete is refused', () => {
    const { remove, sent } = fakeMutation('refused');
    const steps: string[] = [];
    deleteConfirmed(
      row,
      remove,
      { variables: (r) => ({ params: { id: r.id } }), deleted: () => 'deleted', onDeleted: () => steps.push('after') },
      {
        toast: (m) => steps.push(`toast ${m}`),
        close: () => steps.push('close'),
      },
    );
    expect(sent).toHaveLength(1);
    expect(steps).toEqual([]);
  });
});
