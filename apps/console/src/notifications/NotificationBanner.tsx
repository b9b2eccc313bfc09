import { useEffect, useState } from 'react';
import { Badge, Button, CloseButton, Group, Paper, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@fleet/contracts';
import type { ClientNotification } from '@fleet/contracts';
import { useEndpointQuery } from '../api/hooks';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { useLiveEvents } from '../kit/useLiveEvents';
import { bannerColor, bannerOrder, expiryFlag, initialPollDelay } from './polling';

/** The badges of a message: global, and its expiry flag (2 h before 24 h). */
function NoticeBadges({ item, testId }: { item: ClientNotification; testId?: string }) {
  const { t } = useTranslation();
  const flag = expiryFlag(item);
  return (
    <>
      {item.globalNotification && (
        <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
          {t('notifications.global')}
        </Badge>
      )}
      {flag && (
        <Badge data-testid={testId} data-flag={flag} color={flag === '2h' ? 'red' : 'orange'} style={{ flexShrink: 0 }}>
          {flag === '2h' ? t('notifications.expiresWithin2h') : t('notifications.expiresWithin24h')}
        </Badge>
      )}
    </>
  );
}

/**
 * Global notification banner (spec 000 §2): polls client_notifications every 5 minutes, starting
 * after the spec's random initial delay (runtime config `pollInitialDelayMs` or the prop fixes it).
 * A system message created, changed or deleted meanwhile arrives over /ws: a pushed message is put
 * in the list (the realtime provider patches it; before the first poll it starts the poll now), a
 * removed one leaves it.
 *
 * One line however many messages there are, so a message arriving never pushes the page down more
 * than that line: the count, the most severe (then newest) message with its flags, and "Show all",
 * which opens every message over the page (each with its flags and its close button).
 */
export function NotificationBanner({ initialDelayMs }: { initialDelayMs?: number }) {
  const { t } = useTranslation();
  const [delay] = useState(() => initialPollDelay(initialDelayMs ?? getRuntimeConfig().pollInitialDelayMs));
  const [started, setStarted] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);

  // Screen state: the first notification starts the banner's polling (the event table patches the list).
  useLiveEvents((_client, event) => {
    if (event.type === 'notification') setStarted(true);
  });

  const { data } = useEndpointQuery(
    'fetchClientNotifications',
    {},
    {
      enabled: started,
      refetchInterval: TIMINGS.pollIntervalMs,
      refetchIntervalInBackground: true,
      staleTime: 0,
      retry: false,
    },
  );

  const shown = bannerOrder((data ?? []).filter((item) => !dismissed.has(item.id)));
  const first = shown[0];
  if (first === undefined) return null;
  const dismiss = (id: string) => {
    setDismissed((prev) => new Set(prev).add(id));
    if (shown.length === 1) setExpanded(false);
  };
  const colour = bannerColor(first);
  return (
    <Popover opened={expanded} onChange={setExpanded} width="target" position="bottom" offset={4} shadow="md" keepMounted trapFocus={false}>
      <Popover.Target>
        <Paper
          mb="sm"
          px="sm"
          py={6}
          radius="md"
          bg={`var(--mantine-color-${colour}-light)`}
          style={{ borderInlineStart: `4px solid var(--mantine-color-${colour}-filled)` }}
          data-testid="notification-banner"
          data-count={shown.length}
          data-headline={first.id}
          data-level={first.level}
          role="region"
          aria-label={t('notifications.label')}
        >
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Badge color={colour} variant="filled" autoContrast style={{ flexShrink: 0 }} data-testid="notification-count">
              {t('notifications.count', { count: shown.length })}
            </Badge>
            <Group gap="xs" wrap="nowrap" visibleFrom="sm" style={{ flexShrink: 0 }}>
              <NoticeBadges item={first} />
            </Group>
            <Text size="sm" truncate="end" title={first.message} style={{ flex: 1, minWidth: 0 }} data-testid="notification-headline">
              {first.message}
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              style={{ flexShrink: 0 }}
              aria-expanded={expanded}
              onClick={() => setExpanded((open) => !open)}
              data-testid="notification-toggle"
            >
              {expanded ? t('notifications.hide') : t('notifications.showAll')}
            </Button>
          </Group>
        </Paper>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="notification-list">
        <ScrollArea.Autosize mah="60vh" type="auto">
          <Stack gap="xs">
            {shown.map((item) => (
              <Paper
                key={item.id}
                p="xs"
                radius="sm"
                bg={`var(--mantine-color-${bannerColor(item)}-light)`}
                data-testid={`notification-${item.id}`}
                data-level={item.level}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                  <Stack gap={4} miw={0}>
                    <Group gap="xs">
                      <NoticeBadges item={item} testId={`notification-expiry-${item.id}`} />
                    </Group>
                    <Text size="sm">{item.message}</Text>
                  </Stack>
                  <CloseButton size="sm" aria-label={t('common.close')} onClick={() => dismiss(item.id)} data-testid={`notification-close-${item.id}`} />
                </Group>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
