/**
 * A publisher's share links (spec 001 §3 Share link: description, start time, duration, end time):
 * the list with each link's end (start + duration), a delete per link, and the add form with the §5
 * rules inline (description mandatory, start in the future, duration required). The §9 limit is
 * shown as "n of 10"; at 10 the form gives way to the limit's message.
 */
import { Alert, Badge, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE, LIMITS, type Publisher } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import { ErrorNote } from '../../kit/DialogParts';
import { canAddShareLink, EMPTY_SHARE_LINK, shareLinkBody, shareLinkEnd, shareLinkErrors, type ShareLinkFormValues } from './shareForms';
import { useShareForm } from './useShareForm';
import { MutedText, useToastMutation } from '../../kit';
import { CloseFooter } from '../../kit/ModalParts';
import { dateText } from '../../lib/dateFormat';

export default function ShareLinksModal({ publisher, onClose }: { readonly publisher: Publisher; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const specText = useSpecText();
  // The start is checked against the moment of each check.
  const { values, change, valid, failed, reset, fieldError } = useShareForm<ShareLinkFormValues>(
    () => EMPTY_SHARE_LINK,
    (v) => shareLinkErrors(v, Date.now()),
    'share-link',
  );
  const links = publisher.shareLinks;
  const when = (iso: string | Date) => dateText(iso, (d) => d.toLocaleString(i18n.language));
  const end = shareLinkEnd(values);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('listPublishers') });
  const remove = useToastMutation('deleteShareLink', { onSuccess: refresh });
  const add = useToastMutation('createShareLink', {
    success: () => t('shares.links.added'),
    onSuccess: () => {
      refresh();
      reset(EMPTY_SHARE_LINK);
    },
    onError: (e) => failed(e),
  });

  const onAdd = () => {
    const body = shareLinkBody(values);
    if (!valid() || body.durationMinutes === undefined) return;
    add.mutate({ params: { id: publisher.id }, body: { description: body.description, startTime: body.startTime, durationMinutes: body.durationMinutes } });
  };

  const columns: ListColumn<Publisher['shareLinks'][number]>[] = [
    { id: 'description', header: t('shares.links.description'), render: (link) => link.description },
    { id: 'start', header: t('shares.links.start'), render: (link) => when(link.startTime) },
    { id: 'duration', header: t('shares.links.duration'), render: (link) => t('shares.links.minutes', { count: link.durationMinutes }) },
    {
      id: 'end',
      header: t('shares.links.end'),
      render: (link) => (
        <span data-testid={`share-link-end-${link.id}`} data-value={link.endTime}>
          {when(link.endTime)}
        </span>
      ),
    },
    {
      id: 'actions',
      header: '',
      render: (link) => (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          loading={remove.isPending && remove.variables?.params?.linkId === link.id}
          onClick={() => remove.mutate({ params: { id: publisher.id, linkId: link.id } })}
          data-testid={`share-link-delete-${link.id}`}
        >
          {t('shares.actions.delete')}
        </Button>
      ),
    },
  ];
  return (
    <Modal opened onClose={onClose} size="xl" title={t('shares.links.title', { name: publisher.name })} data-testid="share-links-modal">
      <Stack gap="sm">
        <Group justify="space-between">
          <MutedText>{t('shares.links.hint')}</MutedText>
          <Badge variant="light" color={canAddShareLink(links.length) ? 'blue' : 'orange'} data-testid="share-links-count" data-value={links.length}>
            {t('shares.links.count', { count: links.length, max: LIMITS.shareLinksMax })}
          </Badge>
        </Group>
        <ListTable
          items={links}
          columns={columns}
          rowKey={(link) => link.id}
          testIdPrefix="share-links"
          tableTestId="table"
          rowTestIdPrefix="share-link"
          rowData={(link) => ({ 'data-description': link.description })}
          emptyText={t('shares.links.empty')}
          minWidth={0}
        />
        {canAddShareLink(links.length) ? (
          <Stack gap="xs" data-testid="share-link-form">
            <Group grow align="flex-start">
              <TextInput
                label={t('shares.links.description')}
                withAsterisk
                value={values.description}
                onChange={(e) => change({ description: e.currentTarget.value })}
                error={fieldError('description')}
                data-testid="share-link-description"
              />
              <TextInput
                type="datetime-local"
                label={t('shares.links.start')}
                withAsterisk
                value={values.start}
                onChange={(e) => change({ start: e.currentTarget.value })}
                error={fieldError('startTime')}
                data-testid="share-link-start"
              />
              <NumberInput
                label={t('shares.links.durationMinutes')}
                withAsterisk
                min={1}
                allowDecimal={false}
                value={values.duration === '' ? '' : Number(values.duration)}
                onChange={(v) => change({ duration: v === '' ? '' : String(v) })}
                error={fieldError('durationMinutes')}
                data-testid="share-link-duration"
              />
            </Group>
            <Group justify="space-between">
              <Text size="sm" data-testid="share-link-end-preview">
                {end === null ? '' : t('shares.links.endsAt', { when: when(end) })}
              </Text>
              <Button onClick={onAdd} loading={add.isPending} data-testid="share-link-add">
                {t('shares.links.add')}
              </Button>
            </Group>
            {add.error && Object.keys(serverFieldErrors(add.error)).length === 0 && <ErrorNote testId="share-link-save-error" error={add.error} />}
          </Stack>
        ) : (
          <Alert color="orange" data-testid="share-links-limit">
            {specText(ERROR_CATALOGUE.SHARE_LINKS_LIMIT.message)}
          </Alert>
        )}
        <CloseFooter testId="share-links-close" onClose={onClose} label={t('shares.actions.close')} />
      </Stack>
    </Modal>
  );
}
