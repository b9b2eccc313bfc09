/**
 * Create a publisher (POST v2/shares/publishers: a group of the user's, name, description; the
 * core makes the share key) or edit one (PUT v2/shares/publishers/{id} with the version read).
 * The §5 rules show inline in the spec's words before anything is sent; the core's field errors
 * come back onto the fields, other refusals as a note.
 */
import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Publisher } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { publisherErrors, publisherFields, publisherSourcesValues, sourcesBody, sourceValue, type PublisherFormValues } from './shareForms';
import { useShareForm } from './useShareForm';

interface PublisherModalProps {
  /** The publisher to edit; null: a new one. */
  readonly publisher: Publisher | null;
  readonly groups: readonly { readonly id: string; readonly name: string }[];
  /** The group picked in the list's filter, offered first for a new publisher. */
  readonly defaultGroupId: string | null;
  readonly onClose: () => void;
}

export default function PublisherModal({ publisher, groups, defaultGroupId, onClose }: PublisherModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const { values, change, valid, failed, fieldError } = useShareForm<PublisherFormValues>(
    () => ({
      groupId: publisher?.groupId ?? defaultGroupId ?? (groups.length === 1 ? (groups[0]?.id ?? null) : null),
      name: publisher?.name ?? '',
      description: publisher?.description ?? '',
      sources: publisher ? publisherSourcesValues(publisher.sources) : [],
    }),
    publisherErrors,
    'publisher',
  );
  const create = useEndpointMutation('createPublisher');
  const update = useEndpointMutation('updatePublisher');
  const failure = create.error ?? update.error;
  const candidates = useEndpointQuery('listShareSources', { params: { id: values.groupId ?? '' } }, { enabled: values.groupId !== null });
  const sourceOptions = (() => {
    const c = candidates.data;
    const known = new Set<string>();
    const group = (label: string, kind: 'channel' | 'vrChannel', items: readonly { id: string; name: string }[]) => ({
      group: label,
      items: items.map((item) => {
        known.add(sourceValue(kind, item.id));
        return { value: sourceValue(kind, item.id), label: item.name };
      }),
    });
    const groups = c ? [group(t('shares.fields.channels'), 'channel', c.channels), group(t('shares.fields.vrChannels'), 'vrChannel', c.vrChannels)] : [];
    // A source no longer in the group stays visible (and removable) under its stored name.
    const stale = publisher
      ? [...publisher.sources.channels.map((x) => ({ value: sourceValue('channel', x.id), label: x.name })), ...publisher.sources.vrChannels.map((x) => ({ value: sourceValue('vrChannel', x.id), label: x.name }))].filter((o) => !known.has(o.value))
      : [];
    return stale.length === 0 ? groups : [...groups, { group: t('shares.fields.otherSources'), items: stale }];
  })();

  const saved = (p: Publisher, key: 'created' | 'updated') => {
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listPublishers') });
    toast.show({ message: t(`shares.toasts.${key}`, { name: p.name }), variant: 'success' });
    onClose();
  };
  const onError = (e: unknown) => failed(e, publisherFields);
  const onSave = () => {
    if (!valid() || values.groupId === null) return;
    if (publisher === null) {
      create.mutate({ body: { groupId: values.groupId, name: values.name, description: values.description, sources: sourcesBody(values.sources) } }, { onSuccess: (p) => saved(p, 'created'), onError });
    } else {
      update.mutate(
        { params: { id: publisher.id }, body: { name: values.name, description: values.description, sources: sourcesBody(values.sources), version: publisher.version } },
        { onSuccess: (p) => saved(p, 'updated'), onError },
      );
    }
  };

  return (
    <Modal opened onClose={onClose} title={publisher === null ? t('shares.publishers.createTitle') : t('shares.publishers.editTitle', { name: publisher.name })} data-testid="publisher-modal">
      <Stack gap="sm">
        <Select
          label={t('shares.fields.group')}
          data={groups.map((g) => ({ value: g.id, label: g.name }))}
          value={values.groupId}
          // Sources belong to the group: another group starts with none.
          onChange={(groupId) => change({ groupId, sources: [] })}
          disabled={publisher !== null}
          withAsterisk
          searchable
          error={fieldError('groupId')}
          comboboxProps={{ withinPortal: true }}
          data-testid="publisher-group"
        />
        <TextInput
          label={t('shares.fields.name')}
          description={t('shares.fields.nameHint')}
          withAsterisk
          data-autofocus
          value={values.name}
          onChange={(e) => change({ name: e.currentTarget.value })}
          error={fieldError('name')}
          data-testid="publisher-name"
        />
        <TextInput
          label={t('shares.fields.description')}
          description={t('shares.fields.descriptionHint')}
          value={values.description}
          onChange={(e) => change({ description: e.currentTarget.value })}
          error={fieldError('description')}
          data-testid="publisher-description"
        />
        <MultiSelect
          label={t('shares.fields.sources')}
          description={t('shares.fields.sourcesHint')}
          placeholder={values.groupId !== null && candidates.isPending ? t('common.loading') : undefined}
          data={sourceOptions}
          value={[...values.sources]}
          onChange={(sources) => change({ sources })}
          disabled={values.groupId === null}
          searchable
          clearable
          nothingFoundMessage={t('shares.fields.noSources')}
          error={fieldError('sources')}
          comboboxProps={{ withinPortal: true }}
          data-testid="publisher-sources"
        />
        {failure && Object.keys(serverFieldErrors(failure)).length === 0 && <ErrorNote testId="publisher-save-error" message={errorText(failure)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="publisher-cancel">
            {t('shares.actions.cancel')}
          </Button>
          <Button onClick={onSave} loading={create.isPending || update.isPending} data-testid="publisher-save">
            {t('shares.actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
