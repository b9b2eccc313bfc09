/**
 * The user menu's what's new (spec 000 §2): the published, active entries, newest first (GET
 * v2/whatsNew). An entry published, changed or withdrawn meanwhile (whatsNew.changed / removed on
 * /ws) is read again while the modal is open.
 */
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { MutedText } from '../../kit';
import { dateText } from '../../lib/dateFormat';

export function WhatsNewModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const feed = useEndpointQuery('listWhatsNew', {}, { enabled: opened, staleTime: 0 });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Modal opened={opened} onClose={onClose} title={t('userMenu.whatsNew')} size="lg" data-testid="whats-new-modal">
      <QueryView query={feed} testIdPrefix="whats-new" errorTitle={t('account.whatsNew.notLoaded')}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" data-testid="whats-new-empty">
              {t('account.whatsNew.empty')}
            </Text>
          ) : (
            <Stack gap="lg">
              {data.items.map((entry) => (
                <Stack key={entry.id} gap={4} data-testid="whats-new-entry">
                  <Group gap="xs">
                    <Title order={5}>{entry.title}</Title>
                    {entry.releaseVersion != null && <Badge variant="light">{entry.releaseVersion}</Badge>}
                  </Group>
                  {entry.publishedAt != null && <MutedText size="xs">{dateText(entry.publishedAt, (d) => date.format(d))}</MutedText>}
                  <Text style={{ whiteSpace: 'pre-wrap' }}>{entry.body}</Text>
                  {entry.link != null && (
                    <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm">
                      {t('account.whatsNew.more')}
                    </Anchor>
                  )}
                </Stack>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Modal>
  );
}
