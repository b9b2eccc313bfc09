/**
 * The unit a channel collects from, by name (the server's alias for it), its id dimmed after the
 * name; the id alone when no name is known, a dash when the channel collects from no unit.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelLive } from '@fleet/contracts';

export function AllocatedUnit({
  channel,
  testId,
}: {
  readonly channel: Pick<ChannelLive, 'allocatedTo' | 'allocatedToUnitAlias' | 'allocatedToUnitUid' | 'allocatedToByApp'>;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  const uid = channel.allocatedToUnitUid ?? channel.allocatedTo;
  const name = channel.allocatedToUnitAlias ?? uid;
  if (name === null) {
    return (
      <Text size="sm" data-testid={testId} data-unit="">
        {t('channels.cells.none')}
      </Text>
    );
  }
  return (
    <Text size="sm" truncate="end" title={uid !== null && uid !== name ? `${name} (${uid})` : name} data-testid={testId} data-unit={uid ?? ''}>
      <Text span size="sm" fw={500}>
        {name}
      </Text>
      {channel.allocatedToByApp && ` (${t('channels.cells.byApp', { app: channel.allocatedToByApp })})`}
      {uid !== null && uid !== name && (
        <Text span size="xs" c="dimmed">
          {' '}
          {uid}
        </Text>
      )}
    </Text>
  );
}
