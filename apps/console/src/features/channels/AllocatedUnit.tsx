/**
 * The unit a channel collects from, by name (the server's alias for it), its id dimmed under the
 * name; the id alone when no name is known, a dash when the channel collects from no unit.
 */
import { Stack, Text } from '@mantine/core';
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
    <Stack gap={0} miw={0} title={uid !== null && uid !== name ? `${name} (${uid})` : name} data-testid={testId} data-unit={uid ?? ''}>
      <Text size="sm" truncate="end">
        <Text span size="sm" fw={500} data-testid={`${testId}-name`}>
          {name}
        </Text>
        {channel.allocatedToByApp && ` (${t('channels.cells.byApp', { app: channel.allocatedToByApp })})`}
      </Text>
      {uid !== null && uid !== name && (
        <Text size="xs" c="dimmed" truncate="end">
          {uid}
        </Text>
      )}
    </Stack>
  );
}
