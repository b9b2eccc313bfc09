import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack } from '@mantine/core';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { PageTitle } from './PageTitle';

/** Frame of the top-level pages outside the console shell (error, unauthorized, portals, login). */
export function StandalonePage({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper withBorder shadow="sm" p="xl" w={440} maw="100%" data-testid={testId}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <PageTitle title={title} />
            <LanguageSwitch testId={`${testId}-language-switch`} />
          </Group>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
