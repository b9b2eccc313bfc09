/**
 * The kit's form fields: a field's inline error in the spec's words under the kit's test id, or
 * under the screen's own where its tests know it otherwise.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { FieldErrors } from '../lib/forms/fieldErrors';
import { useForm } from '../lib/forms/useForm';
import { renderWithApp } from '../test-utils/render';
import { ResourceForm } from './fields';
import type { Field } from './formRules';

interface Values {
  readonly name: string;
}

const FIELDS: readonly Field<Values>[] = [{ kind: 'text', name: 'name', label: 'kit.form.general', required: true }];

function Form({ errorTestId }: { errorTestId?: (name: string) => string }) {
  const form = useForm<Values>({ name: '' }, (v): FieldErrors => (v.name === '' ? { name: VALIDATION.required } : {}));
  return (
    <>
      <ResourceForm fields={FIELDS} form={form} testId="thing" isNew errorTestId={errorTestId} />
      <button type="button" onClick={() => form.submit()} data-testid="submit" />
    </>
  );
}

describe('kit: form fields', () => {
  it('shows a field error under the kit test id', async () => {
    const { user } = await renderWithApp(<Form />);
    await user.click(screen.getByTestId('submit'));
    expect(screen.getByTestId('thing-error.name')).toHaveTextContent('This field is required');
  });

  it("shows it under the screen's own test id where given", async () => {
    const { user } = await renderWithApp(<Form errorTestId={(name) => `thing-error-${name}`} />);
    await user.click(screen.getByTestId('submit'));
    expect(screen.getByTestId('thing-error-name')).toHaveTextContent('This field is required');
    expect(screen.queryByTestId('thing-error.name')).not.toBeInTheDocument();
  });
});
