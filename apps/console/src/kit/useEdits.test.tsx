/**
 * The kit's edits over a record: a new version of the record keeps what the user changed (the form
 * is not remounted, an open dropdown stays open) and shows the rest as now read; after a save the
 * record as read shows again.
 */
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-utils/render';
import { useEdits } from './useEdits';

interface Thing {
  readonly name: string;
  readonly note: string;
  readonly version: number;
}

function ThingForm({ thing }: { readonly thing: Thing }) {
  const { values, dirty, set, clear } = useEdits({ name: thing.name, note: thing.note });
  return (
    <div data-testid="thing" data-dirty={dirty} data-version={thing.version}>
      <input data-testid="thing-name" value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} />
      <input data-testid="thing-note" value={values.note} onChange={(e) => set({ note: e.currentTarget.value })} />
      <button type="button" data-testid="thing-saved" onClick={clear}>
        saved
      </button>
    </div>
  );
}

/** The record as the cache holds it: a button brings its next version (a save elsewhere). */
function Harness() {
  const [thing, setThing] = useState<Thing>({ name: 'One', note: 'first', version: 1 });
  return (
    <>
      <ThingForm key="thing-1" thing={thing} />
      <button type="button" data-testid="next-version" onClick={() => setThing({ name: 'Theirs', note: 'second', version: 2 })}>
        next
      </button>
    </>
  );
}

describe('kit: edits over a record', () => {
  it('a new version keeps the user’s changes, shows the rest as read, and keeps the input mounted', async () => {
    const { user } = await renderWithApp(<Harness />);
    const name = screen.getByTestId('thing-name');
    await user.clear(name);
    await user.type(name, 'Mine');
    expect(screen.getByTestId('thing')).toHaveAttribute('data-dirty', 'true');

    await user.click(screen.getByTestId('next-version'));
    expect(screen.getByTestId('thing-name')).toBe(name);
    expect(name).toHaveValue('Mine');
    expect(screen.getByTestId('thing-note')).toHaveValue('second');
    expect(screen.getByTestId('thing')).toHaveAttribute('data-version', '2');

    await user.click(screen.getByTestId('thing-saved'));
    expect(name).toHaveValue('Theirs');
    expect(screen.getByTestId('thing')).toHaveAttribute('data-dirty', 'false');
  });

  it('a new version that changed none of the form’s fields is no conflict: the save goes at the new version', async () => {
    function Versioned() {
      const [thing, setThing] = useState<Thing>({ name: 'One', note: 'first', version: 1 });
      const { values, set, conflict, version } = useEdits({ name: thing.name, note: thing.note }, thing.version);
      return (
        <div data-testid="versioned" data-conflict={conflict !== null} data-save-version={version}>
          <input data-testid="v-name" value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} />
          <button type="button" data-testid="other-part" onClick={() => setThing((t) => ({ ...t, version: t.version + 1 }))}>
            another part saved
          </button>
          <button type="button" data-testid="note-saved" onClick={() => setThing((t) => ({ ...t, note: 'theirs', version: t.version + 1 }))}>
            a field of the form saved
          </button>
        </div>
      );
    }
    const { user } = await renderWithApp(<Versioned />);
    await user.type(screen.getByTestId('v-name'), ' mine');
    await user.click(screen.getByTestId('other-part'));
    expect(screen.getByTestId('versioned')).toHaveAttribute('data-conflict', 'false');
    expect(screen.getByTestId('versioned')).toHaveAttribute('data-save-version', '2');
    // A field of the form changed elsewhere: a conflict, the save held at the version the user started from.
    await user.click(screen.getByTestId('note-saved'));
    expect(screen.getByTestId('versioned')).toHaveAttribute('data-conflict', 'true');
    expect(screen.getByTestId('versioned')).toHaveAttribute('data-save-version', '1');
  });
});
