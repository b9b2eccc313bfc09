/**
 * A form fails only on what it shows: a refusal of the core about a field the form renders shows
 * under that field; one about a field the form does not render (or renders only when creating)
 * shows at the form level, named, in the user's language — never lost on a hidden field.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { ApiError } from '../api/ApiError';
import { useForm } from '../lib/forms/useForm';
import { renderWithApp } from '../test-utils/render';
import { FormPanel } from './FormPanel';
import type { Field } from './formRules';

interface Values {
  name: string;
  secret: string;
}

const FIELDS: readonly Field<Values>[] = [
  { kind: 'text', name: 'name', label: 'forms.fieldNames.name' },
  { kind: 'text', name: 'secret', label: 'forms.fieldNames.description', only: 'create' },
];

function refusal(...fields: { path: string; message: string }[]) {
  return new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: fields[0]?.message ?? '', fields });
}

function Harness({ error, isNew = false }: { error: ApiError; isNew?: boolean }) {
  const form = useForm<Values>({ name: 'Desk', secret: '' }, () => ({}));
  return (
    <>
      <button type="button" onClick={() => form.failed(error)}>
        fail
      </button>
      <FormPanel form={form} fields={FIELDS} testId="thing" isNew={isNew} onSave={() => undefined} onCancel={() => undefined} saving={false} />
    </>
  );
}

describe('kit: a form panel and the refusals of the core', () => {
  it('shows a field error of a field it does not render at the form level, named', async () => {
    const { user } = await renderWithApp(<Harness error={refusal({ path: 'body.channelId', message: VALIDATION.required })} />);
    await user.click(await screen.findByRole('button', { name: 'fail' }));
    const alert = await screen.findByTestId('thing-form-error');
    expect(alert).toHaveTextContent('Channel: This field is required');
    expect(screen.getByTestId('thing-form-error.channelId')).toBeVisible();
  });

  it('names a field with no name of its own in words, and a field rendered only when creating counts as not shown when editing', async () => {
    const { user } = await renderWithApp(
      <Harness error={refusal({ path: 'body.secret', message: VALIDATION.required }, { path: 'body.supportQueue', message: VALIDATION.maxChars(8) })} />,
    );
    await user.click(await screen.findByRole('button', { name: 'fail' }));
    expect(await screen.findByTestId('thing-form-error.secret')).toHaveTextContent('secret: This field is required');
    expect(screen.getByTestId('thing-form-error.supportQueue')).toHaveTextContent('support queue: Must have at most 8 characters');
  });

  it('shows an error of a field it renders under that field, and nothing at the form level', async () => {
    const { user } = await renderWithApp(<Harness error={refusal({ path: 'body.name', message: VALIDATION.required })} />);
    await user.click(await screen.findByRole('button', { name: 'fail' }));
    await waitFor(() => expect(screen.getByTestId('thing-error.name')).toHaveTextContent('This field is required'));
    expect(screen.queryByTestId('thing-form-error')).not.toBeInTheDocument();
  });

  it('shows the form-level names in Chinese for a Chinese user', async () => {
    const { user } = await renderWithApp(<Harness error={refusal({ path: 'body.channelId', message: VALIDATION.required })} />, { language: 'zh' });
    await user.click(await screen.findByRole('button', { name: 'fail' }));
    expect(await screen.findByTestId('thing-form-error.channelId')).toHaveTextContent('频道');
  });
});
