import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './useDocumentTitle';

/** The plain page of a screen that later work builds: its title and "not available yet". */
export function NotAvailable({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Stack gap="md" data-testid="not-available">
      <Title order={2} data-testid="page-title">
        {title}
      </Title>
      {children}
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('common.notAvailableYetLong')}</Text>
      </Paper>
    </Stack>
  );
}
