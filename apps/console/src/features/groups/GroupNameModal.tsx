/**
 * Create a group (POST groups/add: name and one of the user's inventories), rename one (POST
 * groups/update with the version read), or save a group's general tab as a new group (POST
 * groups/add_details: the name given, in the same inventory, with its auto-association flags and
 * members). The §5 name rule shows inline in the spec's words before
 * anything is sent ("Only letters, numbers, underscores and hyphens are allowed", "Name field has
 * to be unique" when the list already holds the name in that inventory); the core's own field
 * errors come back onto the field.
 */
import { useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddGroupBody, AddGroupDetailsBody, UpdateGroupBody } from '@fleet/contracts';
import type { GroupDetail, GroupListRow } from '@fleet/contracts';
import { useSessionUser } from '../../session/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { ModalFooter } from '../../kit/ModalParts';
import { useToastMutation } from '../../kit/useToastMutation';
import { apiFieldErrors, parseBody, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldText } from '../../lib/forms/useFieldText';
import { duplicateNameMessage, inventoryOptions } from './groupList';
import { membersBody, type MemberDraft } from './groupMembers';
import { putGroupRow } from './useGroupsLive';
import { UnshownErrors } from '../../kit/UnshownErrors';

/** A group's general tab as it stands, to be saved as a new group of the same inventory. */
export type GroupCopy = Pick<GroupDetail, 'name' | 'inventoryId' | 'inventoryName' | 'autoAssociation'> & { readonly members: MemberDraft };

interface GroupNameModalProps {
  /** The group to rename; null: create a new group. */
  readonly group: GroupListRow | null;
  /** Save this as a new group (the name asked for); `group` is then null. */
  readonly copy?: GroupCopy;
  readonly rows: readonly GroupListRow[];
  readonly onClose: () => void;
}

export default function GroupNameModal({ group, copy, rows, onClose }: GroupNameModalProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const fieldText = useFieldText();
  const inventories = inventoryOptions(user?.inventories ?? []);
  const [name, setName] = useState(group?.name ?? (copy === undefined ? '' : t('groups.copy.defaultName', { name: copy.name })));
  const [inventoryId, setInventoryId] = useState(group?.inventoryId ?? copy?.inventoryId ?? inventories[0]?.value ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const options = (key: 'created' | 'renamed') => ({
    success: (row: GroupListRow) => t(`groups.toasts.${key}`, { name: row.name }),
    onSuccess: (row: GroupListRow) => {
      putGroupRow(queryClient, row);
      onClose();
    },
    onError: (e: unknown) => setErrors(apiFieldErrors(e)),
  });
  const add = useToastMutation('addGroup', options('created'));
  const addDetails = useToastMutation('addGroupDetails', options('created'));
  const update = useToastMutation('updateGroup', options('renamed'));
  const pending = add.isPending || addDetails.isPending || update.isPending;
  const failure = add.error ?? addDetails.error ?? update.error;

  const copyBody =
    copy === undefined ? null : { name, inventoryId: copy.inventoryId, autoAssociation: copy.autoAssociation, members: membersBody(copy.members) };

  const onSave = () => {
    const parsed =
      group !== null
        ? parseBody(UpdateGroupBody, { id: group.id, name, version: group.version })
        : copyBody !== null
          ? parseBody(AddGroupDetailsBody, copyBody)
          : parseBody(AddGroupBody, { name, inventoryId });
    const duplicate = duplicateNameMessage(rows, name, inventoryId, group?.id);
    const found: FieldErrors = { ...(duplicate === null ? {} : { name: duplicate }), ...(parsed.errors ?? {}) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (group !== null) update.mutate({ body: { id: group.id, name, version: group.version } });
    else if (copyBody !== null) addDetails.mutate({ body: copyBody });
    else add.mutate({ body: { name, inventoryId } });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        group !== null
          ? t('groups.rename.title', { name: group.name })
          : copy !== undefined
            ? t('groups.copy.title', { name: copy.name })
            : t('groups.create.title')
      }
    >
      <Stack gap="sm" data-testid="group-name-form">
        <TextInput
          label={t('groups.fields.name')}
          description={t('groups.fields.nameHint')}
          withAsterisk
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && onSave()}
          error={fieldText(errors.name)}
          data-testid="group-name-input"
        />
        {copy !== undefined && <TextInput label={t('groups.fields.inventory')} value={copy.inventoryName} readOnly data-testid="group-copy-inventory" />}
        {group === null && copy === undefined && (
          <Select
            label={t('groups.fields.inventory')}
            data={inventories}
            value={inventoryId}
            onChange={(v) => v !== null && setInventoryId(v)}
            allowDeselect={false}
            error={fieldText(errors.inventoryId)}
            data-testid="group-inventory-select"
          />
        )}
        <UnshownErrors errors={errors} shown={group === null && copy === undefined ? ['name', 'inventoryId'] : ['name']} testId="group-name-unshown-errors" />
        {failure && Object.keys(apiFieldErrors(failure)).length === 0 && <ErrorAlert error={failure} testId="group-name-error" role="alert" />}
        <ModalFooter testId="group-name" onSave={onSave} onCancel={onClose} saving={pending} />
      </Stack>
    </Modal>
  );
}
