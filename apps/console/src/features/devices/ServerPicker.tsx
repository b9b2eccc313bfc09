/**
 * A server chosen by its name (a unit's IP pipe server): a searchable list of the servers this user
 * sees (useServers, the list the servers tab reads), in natural order, each with its type, id and
 * status by label; the chosen one shows by name. A stored server the list does not have still
 * shows what it is.
 */
import { useMemo } from 'react';
import { Badge, Group, Stack, Text, type SelectProps } from '@mantine/core';
import { Select } from '../../components/Pickers';
import type { ComboboxItem } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { naturalSortBy } from '../../lib/naturalSort';
import { serverStatusLabel } from '../../lib/statusLabels';
import { useServers } from './useServers';
import { enumLabel } from '../../lib/tolerant';

export type ServerPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'renderOption' | 'nothingFoundMessage'> & {
  /** The chosen server's id ('': none). */
  readonly value: string;
  readonly onChange: (serverId: string) => void;
  'data-testid'?: string;
};

const STATUS_COLOR: Record<string, string> = { online: 'green', busy: 'red', offline: 'gray', upgrading: 'orange' };

export function ServerPicker({ value, onChange, ...props }: ServerPickerProps) {
  const { t } = useTranslation();
  const servers = useServers().data;
  const { data, byId } = useMemo(() => {
    const sorted = naturalSortBy(servers ?? [], (server) => server.name);
    const ids = new Map(sorted.map((server) => [server.id, server]));
    const items: ComboboxItem[] = sorted.map((server) => ({ value: server.id, label: server.name }));
    if (value !== '' && !ids.has(value)) items.unshift({ value, label: t('devices.picker.notListed', { id: value }) });
    return { data: items, byId: ids };
  }, [servers, value, t]);
  const testId = props['data-testid'];
  return (
    <Select
      placeholder={t('devices.picker.placeholder')}
      comboboxProps={{ withinPortal: true }}
      clearable
      {...props}
      searchable
      data={data}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      nothingFoundMessage={servers === undefined ? t('common.loading') : t('devices.picker.nothingFound')}
      renderOption={({ option }) => {
        const server = byId.get(option.value);
        if (server === undefined) return <Text size="sm">{option.label}</Text>;
        return (
          <Stack gap={2} data-testid={testId === undefined ? undefined : `${testId}-option`} data-server={server.id}>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {server.name}
              </Text>
              <Badge size="xs" variant="light" color={STATUS_COLOR[server.status] ?? 'gray'} tt="none">
                {serverStatusLabel(t, server.status)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {enumLabel(t, 'devices.types', server.serverType)} · {server.id}
            </Text>
          </Stack>
        );
      }}
    />
  );
}
