/**
 * The kit's multi-select (spec 000 §5, 001 §5): a full one (its maximum chosen) says "Maximum
 * number of elements reached" when opened instead of offering more; one with nothing to offer says
 * "No items".
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { FieldErrors } from '../lib/forms/fieldErrors';
import { useForm } from '../lib/forms/useForm';
import { renderWithApp } from '../test-utils/render';
import { ResourceForm } from './fields';
import type { Field, Option } from './formRules';

interface Values {
  readonly machines: readonly string[];
}

const UNITS: readonly Option[] = [
  { value: 'u1', label: 'Camera_1' },
  { value: 'u2', label: 'Camera_2' },
  { value: 'u3', label: 'Camera_3' },
];

function Form({ options, chosen }: { options: readonly Option[]; chosen: readonly string[] }) {
  const fields: readonly Field<Values>[] = [{ kind: 'multiselect', name: 'machines', label: 'kit.form.general', options: () => options, max: 2 }];
  const form = useForm<Values>({ machines: chosen }, (): FieldErrors => ({}));
  return <ResourceForm fields={fields} form={form} testId="thing" isNew />;
}

describe('Validation: multi-select messages', () => {
  it('offers the options until the maximum is chosen, then says the maximum is reached', async () => {
    const { user } = await renderWithApp(<Form options={UNITS} chosen={['u1']} />, { realtime: false });
    await user.click(screen.getByTestId('thing-machines'));
    expect(await screen.findByRole('option', { name: 'Camera_2' })).toBeInTheDocument();
    expect(screen.queryByText(VALIDATION.maxElements)).not.toBeInTheDocument();

    await user.click(screen.getByRole('option', { name: 'Camera_2' }));
    expect(await screen.findByText(VALIDATION.maxElements)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Camera_3' })).not.toBeInTheDocument();
    // The choices stay shown as chosen.
    expect(screen.getByText('Camera_1')).toBeInTheDocument();
    expect(screen.getByText('Camera_2')).toBeInTheDocument();
  });

  it('says there are no items when there is nothing to choose', async () => {
    const { user } = await renderWithApp(<Form options={[]} chosen={[]} />, { realtime: false });
    await user.click(screen.getByTestId('thing-machines'));
    expect(await screen.findByText(VALIDATION.noItems)).toBeInTheDocument();
    expect(screen.queryByText(VALIDATION.maxElements)).not.toBeInTheDocument();
  });
});
