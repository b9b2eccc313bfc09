import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GraphicsComposition, GraphicsTemplate, SingularSession } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { invalidateReads } from '../../realtime/systemEntities';
import { errorCodeText } from '../../api/errorMessage';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryView } from '../../components/QueryView';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { InventoryScreen } from '../audio-rooms/InventoryPicker';
import { latestJob, pendingJobIds, serviceNotice } from './graphicsState';
import { ListTable, MutedText, useToastMutation } from '../../kit';
import { enumLabel, isKnownEnum } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

// Loaded when a composition is started.
const NewCompositionModal = lazy(() => import('./NewCompositionModal'));

/** How often unfinished jobs are asked about (they finish within seconds). */
const JOB_POLL_MS = 1000;

const JOB_COLOR = { queued: 'gray', rendering: 'blue', done: 'green' } as const;

/**
 * /my_graphics (spec 001 §2 "my graphics", §3 Graphics composition, §7 Graphics): the compositions
 * of one of the user's inventories (name, template, last updated, the latest job's status, asked
 * again until done), the templates to start from, opening a composition in the Singular app and
 * deleting it. Open to every console user; writes need the permissions the core gives (read-only
 * users see no write controls). When the inventory's graphics service is not enabled, or its trial
 * is over, the screen says so instead ("Feature disabled", §6); on a trial, the hours left show.
 * Live: another console's compositions and service changes show without a reload.
 */
export default function MyGraphicsPage() {
  const { t } = useTranslation();
  return (
    <InventoryScreen testId="graphics" title={t('routes.myGraphics')} pickerLabel={t('graphics.inventory')} noInventory={t('graphics.noInventory')}>
      {(inventoryId) => <InventoryGraphics inventoryId={inventoryId} />}
    </InventoryScreen>
  );
}

function InventoryGraphics({ inventoryId }: { readonly inventoryId: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState<GraphicsTemplate | null>(null);
  const params = { id: inventoryId };
  const permissions = useEndpointQuery('getGraphicsPermissions', { params });
  const usable = permissions.data?.service.usable === true;
  const compositions = useEndpointQuery('listMyGraphics', { params }, { enabled: usable });
  const templates = useEndpointQuery('listGraphicsTemplates', { params }, { enabled: usable });
  const pending = pendingJobIds(compositions.data?.items ?? []);
  const jobs = useEndpointQuery(
    'getGraphicsJobStatus',
    { body: { inventoryId, jobIds: pending } },
    { enabled: usable && pending.length > 0, refetchInterval: JOB_POLL_MS },
  );
  const open = useToastMutation('openSingularApp');

  const refresh = () => invalidateReads(queryClient, ['listMyGraphics', 'getGraphicsPermissions']);
  const opened = (session: SingularSession) => {
    toast.show({ message: t('graphics.toasts.opened', { name: session.composition.name, appId: session.appId }), variant: 'success' });
    refresh();
  };
  const reopen = (composition: GraphicsComposition) =>
    open.mutate({ body: { inventoryId: composition.inventoryId, compositionId: composition.id } }, { onSuccess: opened });
  // Deleted by its Singular app (DELETE inventory/{id}/app/{appId}); only compositions with one offer it.
  const del = useConfirmedDelete(useEndpointMutation('deleteGraphicsApp'), {
    variables: (c: GraphicsComposition) => ({ params: { id: c.inventoryId, appId: c.appId ?? '' } }),
    deleted: (c) => t('graphics.toasts.deleted', { name: c.name }),
    onDeleted: refresh,
  });
  const when = (iso: string) => dateText(iso, (d) => d.toLocaleString(i18n.language));
  const canCreate = permissions.data?.canCreate === true;
  const canDelete = permissions.data?.canDelete === true;

  const notice = permissions.data ? serviceNotice(permissions.data.service) : null;

  return (
    <>
      <QueryView query={permissions} testIdPrefix="graphics-permissions" errorTitle={t('graphics.loadFailed')}>
        {() => (
          <Stack gap="sm">
            {notice?.kind === 'disabled' && (
              <Alert color="orange" title={errorCodeText(t, 'FEATURE_DISABLED')} data-testid="graphics-disabled" data-reason={notice.reason}>
                {enumLabel(t, 'graphics.disabled', notice.reason)}
              </Alert>
            )}
            {notice?.kind === 'trial' && (
              <Alert color="blue" title={t('graphics.trial.title')} data-testid="graphics-trial" data-hours-left={notice.hoursLeft}>
                {notice.endsAt == null
                  ? t('graphics.trial.notStarted', { hours: notice.hoursLeft })
                  : t('graphics.trial.running', { hours: notice.hoursLeft, date: when(notice.endsAt) })}
              </Alert>
            )}
            {usable && (
              <>
                <Title order={4}>{t('graphics.compositions')}</Title>
                <QueryView query={compositions} testIdPrefix="graphics-list" errorTitle={t('graphics.loadFailed')}>
                  {(data) => (
                    <ListTable
                      items={data.items}
                      total={data.items.length}
                      rowKey={(c) => c.id}
                      testIdPrefix="graphics"
                      tableTestId="table"
                      rowData={(c) => ({ 'data-name': c.name })}
                      page={1}
                      pageSize={Math.max(1, data.items.length)}
                      onPage={() => undefined}
                      emptyText={t('graphics.empty')}
                      columns={[
                        { id: 'name', header: t('graphics.columns.name'), cellTestId: true, render: (c) => c.name },
                        { id: 'template', header: t('graphics.columns.template'), render: (c) => c.templateName },
                        { id: 'updated', header: t('graphics.columns.updated'), render: (c) => when(c.updatedAt) },
                        { id: 'job', header: t('graphics.columns.job'), render: (c) => <JobBadge composition={c} job={latestJob(c, jobs.data?.jobs)} /> },
                        {
                          id: 'actions',
                          header: t('graphics.columns.actions'),
                          render: (c) => (
                            <Group gap="xs" justify="flex-end">
                              {canCreate && (
                                <Button
                                  size="compact-xs"
                                  variant="light"
                                  onClick={() => reopen(c)}
                                  loading={open.isPending && open.variables?.body?.compositionId === c.id}
                                  data-testid={`graphics-open-${c.id}`}
                                >
                                  {t('graphics.actions.open')}
                                </Button>
                              )}
                              {canDelete && c.appId != null && (
                                <Button size="compact-xs" variant="light" color="red" onClick={() => del.ask(c)} data-testid={`graphics-delete-${c.id}`}>
                                  {t('graphics.actions.delete')}
                                </Button>
                              )}
                            </Group>
                          ),
                        },
                      ]}
                    />
                  )}
                </QueryView>
                <Title order={4}>{t('graphics.templates')}</Title>
                <QueryView query={templates} testIdPrefix="graphics-templates" errorTitle={t('graphics.loadFailed')}>
                  {(data) => (
                    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="graphics-template-list">
                      {data.items.map((template) => (
                        <Card key={template.id} withBorder padding="sm" data-testid={`graphics-template-${template.id}`}>
                          <Text fw={600}>{template.name}</Text>
                          <MutedText>{template.description}</MutedText>
                          {canCreate && (
                            <Button
                              mt="xs"
                              size="compact-sm"
                              variant="light"
                              onClick={() => setStarting(template)}
                              data-testid={`graphics-start-${template.id}`}
                            >
                              {t('graphics.actions.start')}
                            </Button>
                          )}
                        </Card>
                      ))}
                    </SimpleGrid>
                  )}
                </QueryView>
              </>
            )}
          </Stack>
        )}
      </QueryView>
      <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
        {starting !== null && <NewCompositionModal inventoryId={inventoryId} template={starting} onCreated={opened} onClose={() => setStarting(null)} />}
      </Suspense>
      {del.target != null && (
        <ConfirmDeleteModal
          title={t('graphics.delete.title')}
          question={t('graphics.delete.question', { name: del.target.name })}
          testIdPrefix="graphics-delete"
          {...del.modalProps}
        />
      )}
    </>
  );
}

/** The latest job of a composition: its status (and progress), or none. */
function JobBadge({ composition, job }: { readonly composition: GraphicsComposition; readonly job: ReturnType<typeof latestJob> }) {
  const { t } = useTranslation();
  if (job === null) {
    return <MutedText>{t('common.none')}</MutedText>;
  }
  return (
    <Badge color={JOB_COLOR[job.status]} variant="light" data-testid={`graphics-job-${composition.id}`} data-status={job.status}>
      {isKnownEnum(t, 'graphics.job', job.status) ? t(`graphics.job.${job.status}`, { progress: job.progress }) : enumLabel(t, 'graphics.job', job.status)}
    </Badge>
  );
}
