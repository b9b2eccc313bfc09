/**
 * The Simulator panel's Sandboxes section (the control plane's `sandbox.*`): the sandboxes the stack
 * runs, each with its seed, fleet, preset and time left, to open in a new tab, copy the link of or
 * remove; and a form to make one. Only on the stack itself, for super users and staff: a console
 * inside a sandbox (runtime config `sandbox`) cannot make sandboxes and does not show the section.
 */
import { Badge, Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GLOBAL_SCOPE_ROLES, hasAnyRole, type SandboxCreateInput, type SandboxView } from '@fleet/contracts';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { useUserRoles } from '../../kit/access';
import { dateTimeFormat } from '../../lib/dateFormat';
import { ENDING_SOON_MINUTES, spanText, useMinutesLeft } from '../../lib/timeLeft';
import { useToast } from '../../toast/useToast';
import { SandboxCreateForm } from './SandboxCreateForm';
import { ControlPlaneError, SimulatorSection } from './SectionParts';
import { asApiError, trpc } from './trpc';

/** How often the list is read again: sandboxes others make and remove, and those that end, show within this. */
export const SANDBOX_LIST_REFRESH_MS = 30_000;

const CREATED_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** The console of a sandbox: its base on this origin, as a page address (`/sandboxes/<id>/`). */
export function sandboxConsolePath(sandbox: Pick<SandboxView, 'base'>): string {
  return `${sandbox.base.replace(/\/$/, '')}/`;
}

function TimeLeft({ sandbox }: { readonly sandbox: SandboxView }) {
  const { t } = useTranslation();
  const minutes = useMinutesLeft(sandbox.expiresAt);
  if (minutes === 0) {
    return (
      <Badge color="red" variant="light" data-testid={`sandbox-left-${sandbox.id}`}>
        {t('simulator.sandboxes.expired')}
      </Badge>
    );
  }
  return (
    <Text size="sm" c={minutes < ENDING_SOON_MINUTES ? 'orange' : undefined} data-testid={`sandbox-left-${sandbox.id}`}>
      {spanText(t, minutes)}
    </Text>
  );
}

function SandboxesPanel() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = trpc.sandbox.list.useQuery(undefined, { refetchInterval: SANDBOX_LIST_REFRESH_MS, retry: false, staleTime: 0 });
  const refresh = () => void utils.sandbox.list.invalidate();
  const create = trpc.sandbox.create.useMutation({
    onSuccess: (made) => {
      toast.show({ message: t('simulator.sandboxes.create.created', { name: made.name }), variant: 'success' });
      refresh();
    },
  });
  const remove = trpc.sandbox.remove.useMutation();
  // The confirmation shows the core's refusal word for word.
  const del = useConfirmedDelete(
    { ...remove, error: asApiError(remove.error) },
    {
      variables: (s: SandboxView) => ({ id: s.id }),
      deleted: (s) => t('simulator.sandboxes.removed', { name: s.name }),
      onDeleted: refresh,
    },
  );
  const onCreate = (input: SandboxCreateInput) =>
    create.mutateAsync(input).then(
      () => true,
      () => false,
    );
  const copyLink = (s: SandboxView) => {
    const url = `${window.location.origin}${sandboxConsolePath(s)}`;
    navigator.clipboard.writeText(url).then(
      () => toast.show({ message: t('simulator.sandboxes.copied', { name: s.name, url }), variant: 'success' }),
      () => toast.show({ message: t('simulator.sandboxes.copyFailed', { url }), variant: 'error' }),
    );
  };
  const created = dateTimeFormat(i18n.language, CREATED_FORMAT);
  const sandboxes = list.data ?? [];

  const row = (s: SandboxView) => (
    <Table.Tr key={s.id} data-testid={`sandbox-row-${s.id}`} data-name={s.name}>
      <Table.Td>
        <Text size="sm">{s.name}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {s.id}
        </Text>
      </Table.Td>
      <Table.Td ff="monospace">{s.seed}</Table.Td>
      <Table.Td>{t(`simulator.sandboxes.fleets.${s.fleet}`)}</Table.Td>
      <Table.Td>
        {t(`simulator.demo.presets.${s.demo}.name`)}
        {s.clock === 'stepped' && (
          <Text size="xs" c="dimmed" data-testid={`sandbox-clock-${s.id}`}>
            {t('simulator.sandboxes.steppedClock')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <TimeLeft sandbox={s} />
      </Table.Td>
      <Table.Td>{created.format(new Date(s.createdAt))}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {/* A link: it opens in a new tab (and middle-click, "copy link address" work as on any link). */}
          <Button
            component="a"
            href={sandboxConsolePath(s)}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="light"
            aria-label={t('simulator.sandboxes.openLabel', { name: s.name })}
            data-testid={`sandbox-open-${s.id}`}
          >
            {t('simulator.sandboxes.open')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => copyLink(s)}
            aria-label={t('simulator.sandboxes.copyLabel', { name: s.name })}
            data-testid={`sandbox-copy-${s.id}`}
          >
            {t('simulator.sandboxes.copy')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={remove.isPending}
            onClick={() => del.ask(s)}
            aria-label={t('simulator.sandboxes.removeLabel', { name: s.name })}
            data-testid={`sandbox-remove-${s.id}`}
          >
            {t('simulator.sandboxes.remove')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <SimulatorSection testId="simulator-sandboxes" title={t('simulator.sandboxes.title')} intro={t('simulator.sandboxes.intro')}>
      <ControlPlaneError error={list.error} testId="sandbox-list-error" />
      {sandboxes.length === 0 ? (
        list.isSuccess && (
          <Text c="dimmed" size="sm" data-testid="sandbox-empty">
            {t('simulator.sandboxes.empty')}
          </Text>
        )
      ) : (
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" miw={820} data-testid="sandbox-list">
            <Table.Thead>
              <Table.Tr>
                {(['name', 'seed', 'fleet', 'preset', 'left', 'created', 'actions'] as const).map((c) => (
                  <Table.Th key={c}>{t(`simulator.sandboxes.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{sandboxes.map(row)}</Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <SandboxCreateForm pending={create.isPending} error={create.error} onCreate={onCreate} />
      {del.target && (
        <ConfirmDeleteModal
          title={t('simulator.sandboxes.removeTitle')}
          question={t('simulator.sandboxes.removeQuestion', { name: del.target.name })}
          deleteLabel={t('simulator.sandboxes.remove')}
          testIdPrefix="sandbox-delete"
          {...del.modalProps}
        />
      )}
    </SimulatorSection>
  );
}

/** The section for super users and staff on the stack; nothing inside a sandbox (which makes none) and nothing asked there. */
export function SandboxesSection() {
  const allowed = hasAnyRole(useUserRoles(), GLOBAL_SCOPE_ROLES);
  if (!allowed || getRuntimeConfig().sandbox !== null) return null;
  return <SandboxesPanel />;
}
