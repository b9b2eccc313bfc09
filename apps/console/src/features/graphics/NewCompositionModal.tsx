/** Start a composition from a template (POST graphics/singular with a name): the name's §5 rule inline in the spec's words. */
import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { SingularBody, type GraphicsTemplate, type SingularSession } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { checkSchema, hasErrors, serverFieldErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import { ErrorNote } from '../../kit/DialogParts';

interface NewCompositionModalProps {
  readonly inventoryId: string;
  readonly template: GraphicsTemplate;
  readonly onCreated: (session: SingularSession) => void;
  readonly onClose: () => void;
}

export default function NewCompositionModal({ inventoryId, template, onCreated, onClose }: NewCompositionModalProps) {
  const { t } = useTranslation();
  const specText = useSpecText();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useEndpointMutation('openSingularApp');

  const onSave = () => {
    const body = { inventoryId, name, template: template.id };
    const found = checkSchema(SingularBody, body);
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(
      { body },
      {
        onSuccess: (session) => {
          onCreated(session);
          onClose();
        },
        onError: (e) => setErrors(serverFieldErrors(e)),
      },
    );
  };
  const failure = create.error;

  return (
    <Modal opened onClose={onClose} title={t('graphics.create.title', { template: template.name })} data-testid="graphics-create-modal">
      <Stack gap="sm">
        <TextInput
          label={t('graphics.fields.name')}
          description={t('graphics.fields.nameHint')}
          withAsterisk
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && onSave()}
          error={errors.name === undefined ? undefined : <span data-testid="graphics-error.name">{specText(errors.name)}</span>}
          data-testid="graphics-create-name"
        />
        {failure && !hasErrors(serverFieldErrors(failure)) && <ErrorNote testId="graphics-create-error" error={failure} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="graphics-create-cancel">
            {t('graphics.actions.cancel')}
          </Button>
          <Button onClick={onSave} loading={create.isPending} data-testid="graphics-create-save">
            {t('graphics.actions.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
