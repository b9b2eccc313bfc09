/**
 * What's new (spec 001 §2 /whats_new, a super-user page): the what's new entries the user menu shows,
 * and — since the spec gives "system messages" no route of its own — the system messages that feed
 * the global notification banner, as a second tab.
 */
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { MutedText } from '../../kit';
import type { PageProps } from '../../pages/types';
import { SystemMessagesSection } from './SystemMessagesSection';
import { WhatsNewSection } from './WhatsNewSection';
import { RegionBoundary } from '../../components/RegionBoundary';

export default function WhatsNewPage({ route }: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`routes.${route.id}`));
  return (
    <Stack gap="md" p="md" data-testid="whats-new-page">
      <Title order={1} size="h2">
        {t(`routes.${route.id}`)}
      </Title>
      <Tabs defaultValue="whatsNew" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="whatsNew" data-testid="tab-whats-new">
            {t('adminPages.tabs.whatsNew')}
          </Tabs.Tab>
          <Tabs.Tab value="systemMessages" data-testid="tab-system-messages">
            {t('adminPages.tabs.systemMessages')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="whatsNew" pt="md">
          <RegionBoundary kind="tab">
            <Stack gap="sm" data-testid="whats-new-section">
              <MutedText>{t('adminPages.whatsNew.intro')}</MutedText>
              <WhatsNewSection />
            </Stack>
          </RegionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="systemMessages" pt="md">
          <RegionBoundary kind="tab">
            <Stack gap="sm" data-testid="system-messages-section">
              <MutedText>{t('adminPages.systemMessages.intro')}</MutedText>
              <SystemMessagesSection />
            </Stack>
          </RegionBoundary>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
