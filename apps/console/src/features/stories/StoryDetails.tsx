import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Center, Divider, Group, Loader, Stack } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Drawer } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORY_FIELDS } from '@fleet/contracts';
import type { Story } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { NameValues, useToastMutation, MutedText, StrongText } from '../../kit';
import { invalidateReads } from '../../realtime/systemEntities';
import { useToast } from '../../toast/useToast';
import { STORY_READS } from './storyLogic';
import { dateText } from '../../lib/dateFormat';

export interface StoryDetailsProps {
  readonly inventoryId: string;
  /** The story shown; null keeps the drawer closed. */
  readonly storyId: string | null;
  readonly canWrite: boolean;
  readonly onClose: () => void;
  readonly onEdit: (story: Story) => void;
  readonly onDelete: (story: Story) => void;
}

/**
 * Story details (spec 000 §2, §3): every field, last modified, the author, and the assigned
 * units, with add and remove for users who may edit stories. Kept current by /ws.
 */
export function StoryDetails({ inventoryId, storyId, canWrite, onClose, onEdit, onDelete }: StoryDetailsProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const opened = storyId !== null;
  const query = useEndpointQuery('getStory', { params: { inventoryId, storyId: storyId ?? '' } }, { enabled: opened, retry: false });
  const units = useEndpointQuery('fetchDevices', {}, { enabled: opened && canWrite, staleTime: Number.POSITIVE_INFINITY });
  const [candidate, setCandidate] = useState<string | null>(null);
  const assign = useToastMutation('assignStoryUnit');
  const unassign = useToastMutation('unassignStoryUnit');
  const story = query.data;

  const candidates = useMemo(() => {
    if (!story) return [];
    const assigned = new Set(story.units.map((u) => u.uniqueId));
    return (units.data ?? [])
      .filter((u) => u.inventoryIds.includes(inventoryId) && !assigned.has(u.uniqueId))
      .map((u) => ({ value: u.uniqueId, label: u.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [story, units.data, inventoryId]);

  const runUnit = (kind: 'assign' | 'remove', unitId: string, name: string) => {
    if (!story) return;
    const onSuccess = () => {
      invalidateReads(queryClient, STORY_READS);
      if (kind === 'assign') setCandidate(null);
      toast.show({ message: t(kind === 'assign' ? 'stories.details.unitAssigned' : 'stories.details.unitRemoved', { name }), variant: 'success' });
    };
    (kind === 'assign' ? assign : unassign).mutate({ params: { inventoryId, storyId: story.id, unitId } }, { onSuccess });
  };

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" data-testid="story-details-error">
        {query.error.status === 404 ? t('stories.details.notFound') : errorMessage(query.error)}
      </Alert>
    );
  } else {
    const s = query.data;
    body = (
      <Stack gap="md">
        <NameValues
          testId="story-details-fields"
          rows={[
            ...STORY_FIELDS.map(
              (field) =>
                [
                  t(`stories.fields.${field}`),
                  <span data-testid={`story-details-${field}`} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {s[field] === '' ? t('common.none') : s[field]}
                  </span>,
                ] as const,
            ),
            [
              t('stories.details.lastModified'),
              <span data-testid="story-details-last-modified">{dateText(s.lastModified, (d) => d.toLocaleString(i18n.language))}</span>,
            ],
            [t('stories.details.createdBy'), <span data-testid="story-details-created-by">{s.createdBy ?? t('common.none')}</span>],
          ]}
        />
        {canWrite && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => onEdit(s)} data-testid="story-details-edit">
              {t('stories.actions.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => onDelete(s)} data-testid="story-details-delete">
              {t('stories.actions.delete')}
            </Button>
          </Group>
        )}
        <Divider label={t('stories.details.units')} labelPosition="left" />
        {s.units.length === 0 ? (
          <MutedText testId="story-units-empty">{t('stories.details.noUnits')}</MutedText>
        ) : (
          <Stack gap={4} data-testid="story-units">
            {s.units.map((u) => (
              <Group key={u.uniqueId} justify="space-between" data-testid={`story-unit-${u.uniqueId}`}>
                <Group gap="xs">
                  <StrongText>{u.name}</StrongText>
                  <Badge variant="light" size="sm">
                    {u.productType}
                  </Badge>
                </Group>
                {canWrite && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('stories.details.removeUnitLabel', { name: u.name })}
                    loading={unassign.isPending && unassign.variables.params?.unitId === u.uniqueId}
                    onClick={() => runUnit('remove', u.uniqueId, u.name)}
                    data-testid={`story-unit-remove-${u.uniqueId}`}
                  >
                    {t('stories.details.removeUnit')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {canWrite && (
          <Group align="flex-end" gap="xs">
            <Select
              style={{ flex: 1 }}
              label={t('stories.details.addUnit')}
              placeholder={t('stories.details.addUnitPlaceholder')}
              nothingFoundMessage={t('stories.details.noCandidates')}
              data={candidates}
              value={candidate}
              onChange={setCandidate}
              searchable
              clearable
              data-testid="story-unit-select"
            />
            <Button
              disabled={candidate === null}
              loading={assign.isPending}
              onClick={() => {
                const unit = candidates.find((c) => c.value === candidate);
                if (unit) runUnit('assign', unit.value, unit.label);
              }}
              data-testid="story-unit-assign"
            >
              {t('stories.details.assign')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={story ? story.slugline : t('stories.details.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="story-details"
    >
      <div data-testid="story-details-body" data-story-id={storyId ?? ''}>
        {body}
      </div>
    </Drawer>
  );
}
