import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORY_FIELDS } from '@fleet/contracts';
import type { Story, StoryField } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { isApiError } from '../../api/ApiError';
import { invalidateReads } from '../../realtime/systemEntities';
import { useToast } from '../../toast/useToast';
import { changedFields, createBody, formValuesOf, hasErrors, STORY_READS, storyFieldErrors, validateStoryForm } from './storyLogic';
import type { StoryFormErrors, StoryFormValues } from './storyLogic';

export interface StoryFormModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly inventoryId: string;
  /** The story to edit; absent to add one. */
  readonly story?: Story | undefined;
  /** Called with the saved story (e.g. to open its details). */
  readonly onSaved?: (story: Story) => void;
}

const LONG_FIELDS: readonly StoryField[] = ['comments', 'usageTerms', 'keywords'];

/**
 * Add or edit a story (spec 000 §2). The field rules of spec 000 §5 are shown inline as the user
 * types (packages/domain, the same rule the core applies); the core's field errors are shown on the
 * fields too, and other failures (a stale version: 409) above the buttons.
 */
export function StoryFormModal({ opened, onClose, inventoryId, story, onSaved }: StoryFormModalProps) {
  const { t } = useTranslation();
  // The modal unmounts its content when closed: each opening starts a fresh form.
  return (
    <Modal opened={opened} onClose={onClose} title={t(story ? 'stories.form.editTitle' : 'stories.form.addTitle')} size="lg" centered>
      <StoryForm key={story?.id ?? 'new'} onClose={onClose} inventoryId={inventoryId} story={story} onSaved={onSaved} />
    </Modal>
  );
}

function StoryForm({ onClose, inventoryId, story, onSaved }: Omit<StoryFormModalProps, 'opened'>) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorMessage = useApiErrorMessage();
  const queryClient = useQueryClient();
  // Taken once: a live update of the story must not reset what the user typed.
  const [initial] = useState<StoryFormValues>(() => formValuesOf(story));
  const [baseVersion] = useState(story?.version ?? 0);
  const [values, setValues] = useState<StoryFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<StoryField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<StoryFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const create = useEndpointMutation('createStory');
  const update = useEndpointMutation('updateStory');
  const pending = create.isPending || update.isPending;

  const clientErrors = validateStoryForm(values);
  const errorOf = (field: StoryField): string | undefined =>
    serverErrors[field] ?? (touched[field] || submitted ? clientErrors[field] : undefined);

  const change = (field: StoryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((x) => ({ ...x, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onError = (error: unknown) => {
    const fields = storyFieldErrors(isApiError(error) ? error.fields : undefined);
    setServerErrors(fields);
    setFailure(hasErrors(fields) ? null : errorMessage(error));
  };

  const submit = async () => {
    setSubmitted(true);
    setFailure(null);
    if (hasErrors(clientErrors)) return;
    try {
      const saved = story
        ? await update.mutateAsync({ params: { inventoryId, storyId: story.id }, body: { version: baseVersion, ...changedFields(initial, values) } })
        : await create.mutateAsync({ params: { inventoryId }, body: createBody(values) });
      invalidateReads(queryClient, STORY_READS);
      toast.show({ message: t(story ? 'stories.form.saved' : 'stories.form.created'), variant: 'success' });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      onError(error);
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
          <TextInput
            label={t('stories.fields.slugline')}
            withAsterisk
            value={values.slugline}
            error={errorOf('slugline')}
            onChange={(e) => change('slugline', e.currentTarget.value)}
            data-testid="story-field-slugline"
            errorProps={{ 'data-testid': 'story-error-slugline' }}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {STORY_FIELDS.filter((f) => f !== 'slugline' && !LONG_FIELDS.includes(f)).map((field) => (
              <TextInput
                key={field}
                label={t(`stories.fields.${field}`)}
                value={values[field]}
                error={errorOf(field)}
                onChange={(e) => change(field, e.currentTarget.value)}
                data-testid={`story-field-${field}`}
                errorProps={{ 'data-testid': `story-error-${field}` }}
              />
            ))}
          </SimpleGrid>
          {LONG_FIELDS.map((field) => (
            <Textarea
              key={field}
              label={t(`stories.fields.${field}`)}
              autosize
              minRows={field === 'comments' ? 3 : 1}
              maxRows={8}
              value={values[field]}
              error={errorOf(field)}
              onChange={(e) => change(field, e.currentTarget.value)}
              data-testid={`story-field-${field}`}
              errorProps={{ 'data-testid': `story-error-${field}` }}
            />
          ))}
          {failure && (
            <Alert color="red" data-testid="story-form-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="story-form-cancel">
              {t('stories.form.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="story-form-submit">
              {t('stories.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
  );
}
