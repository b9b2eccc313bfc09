/**
 * The group modal's general tab (spec 001 §2 "Groups: general and alerts tabs", §3 Group): name,
 * inventory, auto-association flags and the members (units, channels, video return channels,
 * users) added or removed, saved at once through POST groups/update_details with the version read
 * (a concurrent save answers the catalogue's conflict text). Members show the names the details
 * carry (every role sees them); the pickers offer the objects of the group's inventory only, from
 * the inventory-filtered lists the user may read (the unit list's devices/fetch narrowed to the
 * inventory, v2/admin/inventories/{id}/vrChannels, channels/fetch?inventory=, v2/users?inventoryId=)
 * — the core refuses members of other inventories. "Save as a new group" creates another group of
 * the same inventory from the tab as it stands (POST groups/add_details: flags and members).
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GroupName, specErrorMap } from '@fleet/contracts';
import type { GroupAutoAssociation, GroupDetail } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { useToastMutation } from '../../kit/useToastMutation';
import { ErrorNote } from '../../kit/DialogParts';
import { apiFieldErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldText } from '../../lib/forms/useFieldText';
import { detailsUpdate, draftOf, MEMBER_KINDS, memberNames, NO_EDITS, withEdits, withMember, type MemberEdits, type MemberKind } from './groupMembers';
import GroupNameModal from './GroupNameModal';
import { groupVersionChanged, putGroupRow } from './useGroupsLive';
import { useCanCall } from '../../kit/access';
import { useEdits } from '../../kit/useEdits';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { EditConflictNotice } from '../../kit/EditConflictNotice';
import { MutedText } from '../../kit/MutedText';
import { UnshownErrors } from '../../kit/UnshownErrors';
import { dateText } from '../../lib/dateFormat';

const ALL = 1000;
const FLAGS = ['units', 'channels', 'vrChannels', 'users'] as const satisfies readonly (keyof GroupAutoAssociation)[];

type Options = Readonly<Record<MemberKind, readonly { value: string; label: string }[] | null>>;

/** What each kind of member of the group's inventory is called (null: the user cannot read that list). */
function useMemberOptions(inventoryId: string): Options {
  const canUnits = useCanCall('fetchDevices');
  const canChannels = useCanCall('fetchChannels');
  const canVr = useCanCall('listAdminInventoryVrChannels');
  const canUsers = useCanCall('searchUsers');
  // The unit list's own read (every role has it, the same cache and /ws patches), narrowed to the inventory.
  const units = useEndpointQuery('fetchDevices', {}, { enabled: canUnits, staleTime: Number.POSITIVE_INFINITY, structuralSharing: false });
  const channels = useEndpointQuery('fetchChannels', { query: { inventory: inventoryId } }, { enabled: canChannels });
  const vr = useEndpointQuery('listAdminInventoryVrChannels', { params: { id: inventoryId }, query: { limit: ALL } }, { enabled: canVr });
  const users = useEndpointQuery('searchUsers', { query: { inventoryId, limit: ALL } }, { enabled: canUsers });
  return useMemo(
    () => ({
      units: units.data?.filter((u) => u.inventoryIds.includes(inventoryId)).map((u) => ({ value: u.uniqueId, label: u.name })) ?? null,
      channels: channels.data?.channels.map((c) => ({ value: c.channelId, label: c.channelName })) ?? null,
      vrChannels: vr.data?.items.map((v) => ({ value: v.uniqueId, label: v.name })) ?? null,
      users: users.data?.items.map((u) => ({ value: u.id, label: u.username })) ?? null,
    }),
    [units.data, channels.data, vr.data, users.data, inventoryId],
  );
}

function MemberSection(props: {
  readonly kind: MemberKind;
  readonly ids: readonly string[];
  readonly options: readonly { value: string; label: string }[] | null;
  /** The saved members' names from the group's details. */
  readonly names: ReadonlyMap<string, string>;
  readonly canWrite: boolean;
  readonly onChange: (id: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { kind, ids, options, names, canWrite, onChange } = props;
  // A member added in this draft is named by the picker's list.
  const labels = useMemo(() => new Map([...(options ?? []).map((o): [string, string] => [o.value, o.label]), ...names]), [options, names]);
  const addable = (options ?? []).filter((o) => !ids.includes(o.value));
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`group-members-${kind}`} data-count={ids.length}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {t(`groups.columns.${kind}`)} ({ids.length})
        </Text>
      </Group>
      <Group gap={4} mb={canWrite ? 6 : 0}>
        {ids.length === 0 && <MutedText size="xs">{t('groups.general.noMembers')}</MutedText>}
        {ids.map((id) => (
          <Badge
            key={id}
            variant="light"
            tt="none"
            data-testid={`group-member-${kind}-${id}`}
            rightSection={
              canWrite ? (
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={t('groups.general.removeMember', { name: labels.get(id) ?? id })}
                  onClick={() => onChange(id, false)}
                  data-testid={`group-member-remove-${kind}-${id}`}
                >
                  ×
                </ActionIcon>
              ) : undefined
            }
          >
            {labels.get(id) ?? id}
          </Badge>
        ))}
      </Group>
      {canWrite && options !== null && (
        <Select
          size="xs"
          searchable
          placeholder={t('groups.general.addMember')}
          aria-label={t('groups.general.addMemberOf', { kind: t(`groups.columns.${kind}`) })}
          data={addable}
          value={null}
          onChange={(v) => v !== null && onChange(v, true)}
          nothingFoundMessage={t('groups.general.nothingToAdd')}
          data-testid={`group-member-add-${kind}`}
        />
      )}
    </Paper>
  );
}

export function GeneralTab({ detail }: { readonly detail: GroupDetail }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const fieldText = useFieldText();
  const canWrite = useCanCall('updateGroupDetails');
  const canCopy = useCanCall('addGroupDetails');
  const [copying, setCopying] = useState(false);
  // The groups as listed (the page's own read), for the new name's uniqueness.
  const rows = useEndpointQuery('fetchGroups', {}, { enabled: copying, staleTime: Number.POSITIVE_INFINITY });
  const options = useMemberOptions(detail.inventoryId);
  const names = useMemo(() => memberNames(detail), [detail]);
  // The user's own edits over the group as saved now (the detail follows other consoles' changes).
  const fields = useEdits<{ name: string; flags: GroupAutoAssociation }>(
    useMemo(() => ({ name: detail.name, flags: detail.autoAssociation }), [detail]),
    detail.version,
  );
  const { name, flags } = fields.values;
  const [edits, setEdits] = useState<MemberEdits>(NO_EDITS);
  const saved = useMemo(() => draftOf(detail), [detail]);
  const members = useMemo(() => withEdits(saved, edits), [saved, edits]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useToastMutation('updateGroupDetails', {
    success: (group) => t('groups.toasts.saved', { name: group.name }),
    onSuccess: (group) => {
      queryClient.setQueryData(endpointKey('fetchGroupDetails', { query: { groupUid: group.id } }), [group]);
      putGroupRow(queryClient, group);
      groupVersionChanged(queryClient, group.id);
      // The saved members now carry the edits.
      setEdits(NO_EDITS);
      fields.clear();
    },
    onError: (e) => setErrors(apiFieldErrors(e)),
  });
  const draft = detailsUpdate(detail, { name, autoAssociation: flags, members });
  // Sent at the version the user started from while the group changed underneath (a 409 then).
  const update = draft === null ? null : { ...draft, version: fields.version ?? draft.version };

  const onSave = () => {
    const checked = GroupName.safeParse(name, { error: specErrorMap });
    if (!checked.success) {
      setErrors({ name: checked.error.issues[0]?.message ?? '' });
      return;
    }
    setErrors({});
    if (update === null) return;
    save.mutate({ body: update });
  };

  return (
    <Stack gap="sm" data-testid="group-general">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('groups.fields.name')}
          value={name}
          onChange={(e) => fields.set({ name: e.currentTarget.value })}
          readOnly={!canWrite}
          error={fieldText(errors.name)}
          data-testid="group-general-name"
        />
        <TextInput label={t('groups.fields.inventory')} value={detail.inventoryName} readOnly data-testid="group-general-inventory" />
      </SimpleGrid>
      <MutedText size="xs">{t('groups.general.createdOn', { date: dateText(detail.createdOn, (d) => d.toLocaleString(i18n.language)) })}</MutedText>
      <Title order={6}>{t('groups.general.autoAssociation')}</Title>
      <Group gap="lg">
        {FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={t(`groups.general.auto.${flag}`)}
            checked={flags[flag]}
            disabled={!canWrite}
            onChange={(e) => fields.set({ flags: { ...flags, [flag]: e.currentTarget.checked } })}
            data-testid={`group-auto-${flag}`}
          />
        ))}
      </Group>
      <Title order={6}>{t('groups.general.members')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {MEMBER_KINDS.map((kind) => (
          <MemberSection
            key={kind}
            kind={kind}
            ids={members[kind]}
            options={options[kind]}
            names={names[kind]}
            canWrite={canWrite}
            onChange={(id, on) => setEdits((e) => withMember(e, saved, kind, id, on))}
          />
        ))}
      </SimpleGrid>
      <ErrorNote testId="group-general-members-error" message={fieldText(errors.members)} />
      <UnshownErrors errors={errors} shown={['name', 'members']} testId="group-general-unshown-errors" />
      <EditConflictNotice
        edits={fields}
        label={(field) => t(field === 'name' ? 'groups.fields.name' : 'groups.general.autoAssociation')}
        testId="group-general-conflict"
      />
      {save.error && Object.keys(apiFieldErrors(save.error)).length === 0 && <ErrorAlert error={save.error} testId="group-general-error" role="alert" />}
      {(canWrite || canCopy) && (
        <Group justify="flex-end">
          {canCopy && (
            <Button variant="default" onClick={() => setCopying(true)} data-testid="group-general-copy">
              {t('groups.copy.action')}
            </Button>
          )}
          {canWrite && (
            <Button onClick={onSave} disabled={update === null} loading={save.isPending} data-testid="group-general-save">
              {t('groups.actions.save')}
            </Button>
          )}
        </Group>
      )}
      {copying && (
        <GroupNameModal
          group={null}
          copy={{ name, inventoryId: detail.inventoryId, inventoryName: detail.inventoryName, autoAssociation: flags, members }}
          rows={rows.data ?? []}
          onClose={() => setCopying(false)}
        />
      )}
    </Stack>
  );
}
