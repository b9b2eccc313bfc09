import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/** The plain page of a screen that later work builds: its title and "not available yet". */
export function NotAvailable({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="not-available">
      <PageTitle title={title} />
      {children}
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('common.notAvailableYetLong')}</Text>
      </Paper>
    </Stack>
  );
}
