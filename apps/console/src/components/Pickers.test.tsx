import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-utils/render';
import { pickerData, Select } from './Pickers';
import { MultiSelect } from './MultiSelect';

describe('pickers over options from an answer', () => {
  it('leave out options without a value and values given twice (Mantine refuses the whole picker for one)', async () => {
    // Options as an answer may give them: an item whose id was left out, the same id twice, a label left out.
    const data = [{ value: 'inv1', label: 'Inventory 1' }, { label: 'Lost' }, { value: 'inv1', label: 'Again' }, { value: 'inv2' }] as never;
    await renderWithApp(
      <>
        <Select data={data} value="inv2" onChange={() => undefined} data-testid="single" />
        <MultiSelect data={data} value={['inv1']} onChange={() => undefined} data-testid="multi" />
      </>,
      { realtime: false },
    );
    expect(screen.getByTestId('single')).toHaveValue('inv2');
    expect(screen.getByTestId('multi')).toBeInTheDocument();
    expect(pickerData(data)).toEqual([
      { value: 'inv1', label: 'Inventory 1' },
      { value: 'inv2', label: 'inv2' },
    ]);
  });

  it('keeps whole options as they are, and groups with their options checked', () => {
    const whole = [{ value: 'a', label: 'A' }, 'b'];
    expect(pickerData(whole)).toBe(whole);
    expect(pickerData([{ group: 'G', items: [{ value: 'a', label: 'A' }, { label: 'no value' } as never] }])).toEqual([
      { group: 'G', items: [{ value: 'a', label: 'A' }] },
    ]);
  });
});
