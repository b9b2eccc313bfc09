/** A delete confirmation: the question, the refusal of the last try (in the user's language), cancel and delete. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useApiErrorMessage } from '../../api/errorMessage';
import { ErrorNote } from '../dialogs/DialogParts';

interface ConfirmDeleteModalProps {
  readonly title: string;
  readonly question: string;
  readonly cancelLabel: string;
  readonly deleteLabel: string;
  readonly pending: boolean;
  readonly error: unknown;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
  /** Test ids: `<testIdPrefix>-modal`, `-question`, `-error`, `-cancel`, `-confirm`. */
  readonly testIdPrefix: string;
}

export function ConfirmDeleteModal({ title, question, cancelLabel, deleteLabel, pending, error, onConfirm, onClose, testIdPrefix }: ConfirmDeleteModalProps) {
  const errorText = useApiErrorMessage();
  return (
    <Modal opened onClose={onClose} title={title} data-testid={`${testIdPrefix}-modal`}>
      <Stack gap="sm">
        <Text data-testid={`${testIdPrefix}-question`}>{question}</Text>
        {error !== null && error !== undefined && <ErrorNote testId={`${testIdPrefix}-error`} message={errorText(error)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid={`${testIdPrefix}-cancel`}>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-testid={`${testIdPrefix}-confirm`}>
            {deleteLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
