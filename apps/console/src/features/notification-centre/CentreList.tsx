/**
 * The notification centre's list (the drawer's content): loaded when the bell is first pointed at or
 * opened, not with the first page.
 */
import { useCallback, useState } from 'react';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clockTime } from '../../realtime/Liveness';
import { entryText, namesFrom, useCentre } from './centreNames';
import { ENTRY_KINDS, matches, NO_FILTER, SEVERITIES, unitOf, unreadCount } from './centreState';
import type { CentreEntry, CentreFilter, EntryKind, Severity } from './centreState';

/** Entries shown at first, and added by each "Show more". */
const PAGE = 100;

const SEVERITY_COLOUR: Record<Severity, string> = { critical: 'red', warning: 'orange', info: 'blue' };

function EntryRow({ entry, text, onRead, language }: { entry: CentreEntry; text: string; onRead: (id: number) => void; language: string }) {
  const { t } = useTranslation();
  const unitId = unitOf(entry.notice);
  return (
    <Stack
      component="li"
      gap={4}
      py="xs"
      px="sm"
      data-testid="centre-entry"
      data-kind={entry.kind}
      data-severity={entry.severity}
      data-read={entry.read}
      data-unit={unitId ?? undefined}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        borderLeft: `3px solid ${entry.read ? 'transparent' : `var(--mantine-color-${SEVERITY_COLOUR[entry.severity]}-filled)`}`,
      }}
    >
      <Text size="sm" fw={entry.read ? 400 : 600} data-testid="centre-entry-text" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap={6} wrap="wrap">
          <Badge size="xs" variant="light" color={SEVERITY_COLOUR[entry.severity]}>
            {t(`notificationCentre.severity.${entry.severity}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            <time dateTime={new Date(entry.at).toISOString()}>{clockTime(entry.at, language)}</time>
            {' · '}
            {t(`notificationCentre.kind.${entry.kind}`)}
          </Text>
          {entry.count > 1 && (
            <Text size="xs" c="dimmed" data-testid="centre-entry-count">
              {t('notificationCentre.times', { count: entry.count })}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {unitId !== null && (
            <Anchor component={Link} to={`/list?unit=${encodeURIComponent(unitId)}`} size="xs" onClick={() => onRead(entry.id)}>
              {t('notificationCentre.openUnit')}
            </Anchor>
          )}
          {!entry.read && (
            <Button size="compact-xs" variant="subtle" onClick={() => onRead(entry.id)} aria-label={t('notificationCentre.markReadOf', { text })}>
              {t('notificationCentre.markRead')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

export default function CentreList({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { store, state, queryClient } = useCentre();
  const [filter, setFilter] = useState<CentreFilter>(NO_FILTER);
  const [limit, setLimit] = useState(PAGE);
  // Names are looked up as the list renders (each time entries come): a unit renamed since reads by its new name.
  const names = namesFrom(queryClient, t);
  const shown = state.entries.filter((entry) => matches(entry, filter));
  const seen = new Map<string, string>();
  for (const entry of state.entries) {
    const id = unitOf(entry.notice);
    if (id !== null && !seen.has(id)) seen.set(id, names.unit(entry));
  }
  const unitOptions = [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, i18n.language, { numeric: true }));
  const unread = unreadCount(state);
  const change = (next: Partial<CentreFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setLimit(PAGE);
  };
  const read = useCallback((id: number) => store.markRead(id), [store]);
  return (
    <Stack gap="sm" data-testid="notification-centre">
      <Text size="sm" c="dimmed" data-testid="centre-summary" aria-live="polite">
        {t('notificationCentre.summary', { count: state.entries.length, unread })}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Select
          label={t('notificationCentre.filter.unit')}
          placeholder={t('notificationCentre.filter.allUnits')}
          data={unitOptions}
          value={filter.unitId}
          onChange={(value) => change({ unitId: value })}
          searchable
          clearable
          size="xs"
          data-testid="centre-filter-unit"
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label={t('notificationCentre.filter.kind')}
          placeholder={t('notificationCentre.filter.allKinds')}
          data={ENTRY_KINDS.map((kind) => ({ value: kind, label: t(`notificationCentre.kind.${kind}`) }))}
          value={filter.kind}
          onChange={(value) => change({ kind: value as EntryKind | null })}
          clearable
          size="xs"
          data-testid="centre-filter-kind"
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label={t('notificationCentre.filter.severity')}
          placeholder={t('notificationCentre.filter.allSeverities')}
          data={SEVERITIES.map((severity) => ({ value: severity, label: t(`notificationCentre.severity.${severity}`) }))}
          value={filter.severity}
          onChange={(value) => change({ severity: value as Severity | null })}
          clearable
          size="xs"
          data-testid="centre-filter-severity"
          comboboxProps={{ withinPortal: false }}
        />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Switch
          size="sm"
          label={t('notificationCentre.filter.unreadOnly')}
          checked={filter.unreadOnly}
          onChange={(event) => change({ unreadOnly: event.currentTarget.checked })}
          data-testid="centre-filter-unread"
        />
        <Button
          size="compact-sm"
          variant="light"
          disabled={!shown.some((entry) => !entry.read)}
          onClick={() => store.markAllRead((entry) => matches(entry, filter))}
          data-testid="centre-mark-all"
        >
          {t('notificationCentre.markAllRead')}
        </Button>
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="centre-empty">
          {state.entries.length === 0 ? t('notificationCentre.empty') : t('notificationCentre.noneMatch')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('notificationCentre.title')}
          onClick={(event) => {
            // Following an entry's link closes the drawer (the page it opens is what the person wants to see).
            if ((event.target as HTMLElement).closest('a')) onClose();
          }}
        >
          {shown.slice(0, limit).map((entry) => (
            <EntryRow key={entry.id} entry={entry} text={entryText(entry, t, names)} onRead={read} language={i18n.language} />
          ))}
        </Stack>
      )}
      {shown.length > limit && (
        <Button variant="subtle" size="compact-sm" onClick={() => setLimit((n) => n + PAGE)} data-testid="centre-more">
          {t('notificationCentre.showMore', { count: Math.min(PAGE, shown.length - limit) })}
        </Button>
      )}
    </Stack>
  );
}
