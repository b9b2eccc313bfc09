/**
 * Rename / comment a unit (PUT devices/update, body UnitRenameBody). Spec 000 §5: the name takes
 * letters, numbers, underscores and hyphens only and must be unique; the comment is at most 100
 * characters. Both rules are checked inline before anything is sent (packages/domain, the spec's
 * texts); the core's uniqueness answer shows on the name. The body carries the version the values
 * were read at: when someone else changed the unit meanwhile the core answers 409, the form says so
 * and reloads the current values. While the form is untouched it follows the unit live.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@fleet/contracts';
import { endpointKey, useEndpointMutation } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../../kit/DialogParts';
import { useFieldText } from '../../lib/forms/useFieldText';
import { unitActionModal, type UnitActionModalProps } from '../../kit/unitActionModal';
import { classifyRenameError, hasErrors, renameBody, renameValuesOf, sameValues, validateRename } from './rename';
import type { RenameErrors, RenameField, RenameValues } from './rename';

interface Base {
  readonly values: RenameValues;
  readonly version: number;
}

function RenameForm({ unit, onClose }: Omit<UnitActionModalProps, 'opened'>) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const rename = useEndpointMutation('renameDevice');

  const source = useMemo(() => renameValuesOf({ name: unit.name, comment: unit.comment }), [unit.name, unit.comment]);
  // Untouched (draft null), the form shows the unit as it is now, so it follows unit.updated live;
  // once edited, it keeps the values and version it was read at (optimistic concurrency).
  const [draft, setDraft] = useState<{ readonly values: RenameValues; readonly base: Base } | null>(null);
  const [errors, setErrors] = useState<RenameErrors>({});
  const [checked, setChecked] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const base: Base = draft?.base ?? { values: source, version: unit.version };
  const values = draft?.values ?? source;
  const dirty = !sameValues(values, base.values);

  const change = (field: RenameField, value: string) => {
    const next = { ...values, [field]: value };
    setDraft(sameValues(next, base.values) ? null : { values: next, base });
    setFailure(null);
    if (checked) setErrors(validateRename(next));
    else if (errors[field] !== undefined) setErrors({ ...errors, [field]: undefined });
  };

  /** After a conflict: read the unit again and show its current values (the form is untouched again). */
  const reload = async () => {
    await queryClient.refetchQueries({ queryKey: endpointKey('getUnit', { params: { id: unit.uniqueId } }), exact: true });
    setDraft(null);
    setErrors({});
    setChecked(false);
  };

  const save = () => {
    const problems = validateRename(values);
    setChecked(true);
    setErrors(problems);
    setConflict(false);
    setFailure(null);
    if (hasErrors(problems)) return;
    rename.mutate(
      { body: renameBody(unit.uniqueId, values, base.version) },
      {
        onSuccess: (summary) => {
          // The core also publishes unit.updated; applying the answer now updates the header and list at once.
          void realtime.applyLocal({ type: 'unit.updated', unit: summary, at: Date.now() });
          const renamed = summary.name !== base.values.name;
          toast.show({
            message: renamed ? t('unitActions.rename.saved', { name: summary.name }) : t('unitActions.rename.savedComment', { name: summary.name }),
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          const outcome = classifyRenameError(error);
          if (outcome.kind === 'fields') setErrors(outcome.errors);
          else if (outcome.kind === 'conflict') {
            setConflict(true);
            void reload();
          } else setFailure(error);
        },
      },
    );
  };

  const commentLength = Array.from(values.comment).length;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack gap="sm" data-testid="unit-rename">
        {conflict && <ErrorNote testId="unit-rename-conflict" title={t('unitActions.rename.conflictTitle')} message={t('unitActions.rename.conflict')} />}
        <TextInput
          label={t('unitActions.rename.name')}
          description={t('unitActions.rename.nameDescription')}
          withAsterisk
          value={values.name}
          onChange={(e) => change('name', e.currentTarget.value)}
          error={fieldText(errors.name)}
          data-testid="unit-rename-name"
          errorProps={{ 'data-testid': 'unit-rename-name-error' }}
          data-autofocus
        />
        <Textarea
          label={t('unitActions.rename.comment')}
          description={t('unitActions.rename.commentCount', { count: commentLength, max: LIMITS.unitCommentMax })}
          autosize
          minRows={2}
          value={values.comment}
          onChange={(e) => change('comment', e.currentTarget.value)}
          error={fieldText(errors.comment)}
          data-testid="unit-rename-comment"
          errorProps={{ 'data-testid': 'unit-rename-comment-error' }}
        />
        <ErrorNote testId="unit-rename-error" error={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="unit-rename-cancel">
            {t('unitActions.common.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!dirty} data-testid="unit-rename-save">
            {t('unitActions.rename.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default unitActionModal((t) => t('unitActions.rename.title'), RenameForm, { size: 'md' });
