/**
 * Feed sharing (spec 001 §2 "video return (configuration, feed sharing)"): the inventories and
 * groups the channel is shared with. Admin roles change them through PUT v2/admin/vrChannels/{uid}
 * (the choices: GET .../groups/ofInventories, the groups of the channel's inventories); everyone
 * else sees the sharing read-only (the admin calls are not theirs: never called for them).
 */
import { useMemo } from 'react';
import { Badge, Checkbox, Group, Loader, Stack } from '@mantine/core';
import { MultiSelect } from '../../components/MultiSelect';
import { useTranslation } from 'react-i18next';
import { LIMITS, UpdateAdminVrChannelBody } from '@fleet/contracts';
import type { AdminVrChannelGroup, Role, VrChannelDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useSessionUser } from '../../session/hooks';
import { ChannelFormSection, NotAvailable } from '../channels/parts';
import { useChannelForm } from '../channels/useChannelForm';
import { toggleId, vrSharingBody, vrSharingForm } from './vrForms';
import type { VrSharingForm } from './vrForms';
import { canApply } from '../../kit/access';
import { MutedText, StrongText } from '../../kit/MutedText';
import { InfoSection } from '../../kit/NameValues';

const NO_GROUPS: readonly AdminVrChannelGroup[] = [];

/** Names of the inventories and groups the user knows (their own), for ids the channel lists. */
function useNames() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return useMemo(() => {
    const inventories = new Map((user?.inventories ?? []).map((i) => [i.id, i.name]));
    const groups = new Map((user?.groups ?? []).map((g) => [g.id, g.name]));
    return {
      inventoryOptions: [...inventories].map(([value, label]) => ({ value, label })),
      inventory: (id: string) => inventories.get(id) ?? t('videoReturn.sharing.unknownInventory', { id }),
      group: (id: string) => groups.get(id) ?? t('videoReturn.sharing.unknownGroup', { id }),
    };
  }, [user, t]);
}

function Names({ ids, name, empty, testId }: { ids: readonly string[]; name: (id: string) => string; empty: string; testId: string }) {
  if (ids.length === 0) return <MutedText testId={testId}>{empty}</MutedText>;
  return (
    <Group gap={6} data-testid={testId}>
      {ids.map((id) => (
        <Badge key={id} variant="light" data-id={id}>
          {name(id)}
        </Badge>
      ))}
    </Group>
  );
}

/** What everyone but the admins sees: the sharing, no controls. */
function ReadOnlySharing({ channel }: { channel: VrChannelDetail }) {
  const { t } = useTranslation();
  const names = useNames();
  return (
    <InfoSection testId="channel-form-vrSharing" title={t('videoReturn.sharing.title')}>
      <StrongText>{t('videoReturn.sharing.inventories')}</StrongText>
      <Names ids={channel.inventoryIds} name={names.inventory} empty={t('videoReturn.cells.none')} testId="vr-sharing-inventories" />
      <StrongText>{t('videoReturn.sharing.groups')}</StrongText>
      <Names ids={channel.groupIds} name={names.group} empty={t('videoReturn.sharing.noGroups')} testId="vr-sharing-groups" />
      <Group justify="space-between">
        <MutedText>{t('videoReturn.sharing.adminOnly')}</MutedText>
        <NotAvailable testId="channel-apply-unavailable-vrSharing" />
      </Group>
    </InfoSection>
  );
}

function AdminSharing({ channel }: { channel: VrChannelDetail }) {
  const { t } = useTranslation();
  const names = useNames();
  const id = channel.uniqueId;
  const choices = useEndpointQuery('getAdminVrChannelGroupsOfInventories', { params: { id }, query: { limit: LIMITS.pageSizeMax } });
  const groups = choices.data?.items ?? NO_GROUPS;
  const groupInventory = useMemo(() => new Map(groups.map((g) => [g.id, g.inventoryId])), [groups]);
  const form = useChannelForm({
    channelName: channel.name,
    source: vrSharingForm(channel),
    endpoint: 'updateAdminVrChannel',
    toBody: (values: VrSharingForm) => vrSharingBody(values, groupInventory, channel.version),
    toInput: (body) => ({ params: { uid: id }, body: body as UpdateAdminVrChannelBody }),
    refresh: ['listGroupVrChannels', 'getAdminVrChannelGroupsOfInventories', 'getAdminVrChannelInventories', 'getAdminVrChannelGroups'],
  });
  const error = useFieldError('vr-error', form.errors);
  const inventoryOptions = useMemo(() => {
    const known = new Set(names.inventoryOptions.map((o) => o.value));
    return [...names.inventoryOptions, ...channel.inventoryIds.filter((inv) => !known.has(inv)).map((inv) => ({ value: inv, label: names.inventory(inv) }))];
  }, [names, channel.inventoryIds]);
  // Shared groups outside the choices (inventories the admin does not manage) stay as they are.
  const others = channel.groupIds.filter((g) => !groupInventory.has(g));

  return (
    <ChannelFormSection formId="vrSharing" title={t('videoReturn.sharing.title')} form={form} allowed shown={['inventoryIds', 'groupIds']}>
      <MultiSelect
        label={t('videoReturn.sharing.inventories')}
        data={inventoryOptions}
        value={[...form.values.inventoryIds]}
        onChange={(value) => form.set({ inventoryIds: [...value].sort() })}
        error={error('inventoryIds')}
        data-testid="vr-sharing-inventories"
      />
      <StrongText>{t('videoReturn.sharing.groups')}</StrongText>
      {choices.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : groups.length === 0 ? (
        <MutedText>{t('videoReturn.sharing.noChoices')}</MutedText>
      ) : (
        <Stack gap={6} data-testid="vr-sharing-groups">
          {groups.map((g) => (
            <Checkbox
              key={g.id}
              label={t('videoReturn.sharing.groupOf', { group: g.name, inventory: g.inventoryName })}
              checked={form.values.groupIds.includes(g.id)}
              disabled={!form.values.inventoryIds.includes(g.inventoryId)}
              onChange={(e) => form.set({ groupIds: toggleId(form.values.groupIds, g.id, e.currentTarget.checked) })}
              data-testid={`vr-sharing-group-${g.id}`}
            />
          ))}
        </Stack>
      )}
      {others.length > 0 && <Names ids={others} name={names.group} empty="" testId="vr-sharing-other-groups" />}
      {error('groupIds')}
    </ChannelFormSection>
  );
}

export function VrSharingTab({ channel, roles }: { channel: VrChannelDetail; roles: readonly Role[] }) {
  return canApply(roles, 'updateAdminVrChannel') ? <AdminSharing channel={channel} /> : <ReadOnlySharing channel={channel} />;
}
