/**
 * A form declared as fields with what every form of the kit shows around it: the refusal of the
 * core that no field shows (above the fields, in the core's words), the fields (kit/fields), and the
 * footer of cancel and save (`left`: e.g. a delete button). A user who may only look sees the
 * fields read-only and no save; the footer then shows only with `left` or `closes` (a modal's form:
 * cancel closes it).
 *
 * Test ids, with `testId` the form's prefix: `<testId>-form-error` (a line of it per field the form
 * does not show: `<testId>-form-error.<field>`), the fields' (kit/fields), the
 * footer's (`-save`, `-cancel`).
 */
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useApiErrorMessage } from '../api/errorMessage';
import { RegionBoundary } from '../components/RegionBoundary';
import { hasErrors } from '../lib/forms/fieldErrors';
import type { Form } from '../lib/forms/useForm';
import { ResourceForm, shownFields } from './fields';
import type { Field } from './formRules';
import { ModalFooter } from './ModalParts';
import { UnshownErrors } from './UnshownErrors';

interface FormPanelProps<V> {
  readonly form: Form<V>;
  readonly fields: readonly Field<V>[];
  readonly testId: string;
  readonly isNew?: boolean;
  /** Save: null when the user may only look (the fields are read-only then). */
  readonly onSave: (() => void) | null;
  readonly onCancel: () => void;
  readonly saving: boolean;
  readonly left?: ReactNode;
  /** Cancel closes what the form is in: it shows to a user who may only look too. */
  readonly closes?: boolean;
  /** The whole form's test id. */
  readonly formTestId?: string | undefined;
  /** Any inline message (a row's too, which no field names) hides the refusal above. */
  readonly anyInline?: boolean;
}

export function FormPanel<V extends object>(props: FormPanelProps<V>) {
  const { form, fields, testId, isNew = false, onSave, onCancel, saving, left, closes = false } = props;
  const errorText = useApiErrorMessage();
  // A refusal whose messages no field shows (e.g. one about the whole entity) shows above the
  // fields, with the messages of fields the form does not render (never lost on a hidden field).
  const shown = shownFields(fields, isNew, form.values).map((f) => f.name);
  const onField = props.anyInline ? hasErrors(form.errors) : shown.some((name) => form.errors[name] !== undefined);
  return (
    <Stack gap="sm" data-testid={props.formTestId}>
      <UnshownErrors
        errors={props.anyInline ? {} : form.errors}
        shown={shown}
        testId={`${testId}-form-error`}
        lead={form.error != null && !onField ? errorText(form.error) : undefined}
      />
      {/* The fields are a region of their own: the footer (cancel) stays when a value cannot be shown. */}
      <RegionBoundary kind="panel">
        <ResourceForm fields={fields} form={form} testId={testId} isNew={isNew} readOnly={onSave === null} />
      </RegionBoundary>
      {(onSave !== null || closes || Boolean(left)) && <ModalFooter testId={testId} onSave={onSave} onCancel={onCancel} saving={saving} left={left} />}
    </Stack>
  );
}
