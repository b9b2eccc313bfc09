import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORY_FIELDS } from '@fleet/contracts';
import type { Story, StoryField } from '@fleet/contracts';
import { isApiError } from '../../api/ApiError';
import { hasErrors } from '../../lib/forms/fieldErrors';
import { useForm } from '../../lib/forms/useForm';
import { ErrorAlert, ResourceForm, useToastMutation, type Field } from '../../kit';
import { invalidateReads } from '../../realtime/systemEntities';
import { changedFields, createBody, formValuesOf, STORY_READS, storyFieldErrors, validateStoryForm } from './storyLogic';
import type { StoryFormValues } from './storyLogic';

export interface StoryFormModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly inventoryId: string;
  /** The story to edit; absent to add one. */
  readonly story?: Story | undefined;
}

const LONG_FIELDS: readonly StoryField[] = ['comments', 'usageTerms', 'keywords'];

/** The slugline first, the short fields, then the long ones (test ids `story-field-<field>`). */
const FIELDS: readonly Field<StoryFormValues>[] = [...STORY_FIELDS.filter((f) => !LONG_FIELDS.includes(f)), ...LONG_FIELDS].map((name) => ({
  kind: LONG_FIELDS.includes(name) ? 'textarea' : 'text',
  name,
  label: `stories.fields.${name}`,
  testId: `field-${name}`,
  required: name === 'slugline',
}));

/**
 * Add or edit a story (spec 000 §2). The field rules of spec 000 §5 are shown inline as the user
 * types (packages/domain, the same rule the core applies); the core's field errors are shown on the
 * fields too, and other failures (a stale version: 409) above the buttons.
 */
export function StoryFormModal({ opened, onClose, inventoryId, story }: StoryFormModalProps) {
  const { t } = useTranslation();
  // The modal unmounts its content when closed: each opening starts a fresh form.
  return (
    <Modal opened={opened} onClose={onClose} title={t(story ? 'stories.form.editTitle' : 'stories.form.addTitle')} size="lg" centered>
      <StoryForm key={story?.id ?? 'new'} onClose={onClose} inventoryId={inventoryId} story={story} />
    </Modal>
  );
}

function StoryForm({ onClose, inventoryId, story }: Omit<StoryFormModalProps, 'opened'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Taken once: a live update of the story must not reset what the user typed, and the edit is sent at the version opened.
  const [initial] = useState<StoryFormValues>(() => formValuesOf(story));
  const [baseVersion] = useState(story?.version ?? 0);
  const form = useForm<StoryFormValues>(initial, validateStoryForm);
  // The form shows a refusal.
  const create = useToastMutation('createStory', { success: () => t('stories.form.created'), onError: () => undefined });
  const update = useToastMutation('updateStory', { success: () => t('stories.form.saved'), onError: () => undefined });

  const submit = async () => {
    const values = form.submit();
    if (values === null) return;
    try {
      if (story) await update.mutateAsync({ params: { inventoryId, storyId: story.id }, body: { version: baseVersion, ...changedFields(initial, values) } });
      else await create.mutateAsync({ params: { inventoryId }, body: createBody(values) });
      form.saved();
      invalidateReads(queryClient, STORY_READS);
      onClose();
    } catch (error) {
      // Only the form's fields take the core's field errors; another refusal shows above the buttons.
      form.failed(error, storyFieldErrors(isApiError(error) ? error.fields : undefined));
    }
  };

  return (
    <form
      data-testid="story-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <ResourceForm fields={FIELDS} form={form} testId="story" isNew={story === undefined} errorTestId={(name) => `story-error-${name}`} />
        <ErrorAlert error={!hasErrors(form.errors) && form.error} testId="story-form-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="story-form-cancel">
            {t('stories.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="story-form-submit">
            {t('stories.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
