/**
 * What the stream and geocoding settings tabs share on top of SettingsFrame: the list state of a
 * tab (search, sort, page as the list call's query), the JSON text area, and the save of a form
 * modal (the client's checks first, the core's refusal on the same fields, a toast once saved).
 */
import { useCallback, useState } from 'react';
import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { QueryLike } from '../../components/queryView';
import type { FieldErrors } from '../../lib/forms/fieldErrors';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import type { Form } from '../../lib/forms/useForm';
import { useConfirmedDelete, type DeleteMutation } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { SettingsDeleteModal, SettingsFrame, settingsListQuery, useSettingsView, type SettingsColumn, type SettingsPage, type SettingsView } from './SettingsFrame';

/** The tab's view and the list call's query for it (sortBy as the call names its keys). */
export function useStreamSettingsList<S extends string>(sortBy: S): { view: SettingsView; setView: (v: SettingsView) => void; query: ReturnType<typeof settingsListQuery> & { sortBy: S } } {
  const [view, setView] = useSettingsView(sortBy);
  const query = { ...settingsListQuery(view), sortBy: view.sortBy as S };
  return { view, setView, query };
}

export function JsonField({ label, value, onChange, error, testId }: { label: string; value: string; onChange: (v: string) => void; error: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={label}
      description={t('streamSettings.common.jsonHint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      autosize
      minRows={3}
      maxRows={10}
      styles={{ input: { fontFamily: 'monospace' } }}
      data-testid={testId}
    />
  );
}

/**
 * Saves a form: its checks first (errors show, nothing sent), then the call; a refusal shows on
 * its fields (or as the modal's note when it names none), success closes with a toast.
 */
export function useFormSave<F extends object, R extends { name: string }>(
  form: Form<F>,
  check: (values: F) => FieldErrors,
  send: (values: F, handlers: { onSuccess: (r: R) => void; onError: (e: unknown) => void }) => void,
  done: (r: R) => void,
  toastKey: 'created' | 'saved',
): () => void {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(() => {
    const values = form.submit(check);
    if (values === null) return;
    send(values, {
      onSuccess: (r) => {
        form.saved();
        toast.show({ message: t(`streamSettings.common.${toastKey}`, { name: r.name }), variant: 'success' });
        done(r);
      },
      onError: (e) => form.failed(e, serverFieldErrors(e)),
    });
  }, [form, check, send, done, toast, t, toastKey]);
}

/** The refusal to show as the modal's note: only when it names no field the form shows. */
export function formNote(form: { error: unknown; errors: FieldErrors }, fields: readonly string[]): unknown {
  if (form.error === null || form.error === undefined) return null;
  const onFields = Object.keys(serverFieldErrors(form.error)).some((f) => fields.includes(f));
  return onFields ? null : form.error;
}

/** A tab of rows with Add, Edit (the kind's form modal, `modal(null)` for a new row) and Delete after the frame's confirmation. */
export function StreamSettingsTab<T extends { id: string; name: string }>(props: {
  readonly testId: string;
  readonly query: QueryLike<SettingsPage<T>>;
  readonly columns: readonly SettingsColumn<T>[];
  readonly view: SettingsView;
  readonly onViewChange: (view: SettingsView) => void;
  readonly addLabel: string;
  readonly toolbar?: ReactNode;
  /** The row's delete call (`{ params: { id } }`), sent after the frame's confirmation. */
  readonly remove: DeleteMutation<{ params: { id: string } }>;
  readonly modal: (row: T | null, onClose: () => void) => ReactNode;
}) {
  const { testId } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const del = useConfirmedDelete(props.remove, { variables: (row: T) => ({ params: { id: row.id } }) });
  return (
    <SettingsFrame
      testId={testId}
      query={props.query}
      columns={props.columns}
      rowKey={(r) => r.id}
      view={props.view}
      onViewChange={props.onViewChange}
      toolbar={props.toolbar}
      onAdd={() => setEditing('new')}
      addLabel={props.addLabel}
      onEdit={(r) => setEditing(r)}
      onDelete={del.ask}
    >
      {editing !== null && props.modal(editing === 'new' ? null : editing, () => setEditing(null))}
      {del.target !== null && <SettingsDeleteModal testId={testId} name={del.target.name} {...del.modalProps} />}
    </SettingsFrame>
  );
}
