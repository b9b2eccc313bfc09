import { Group, Paper, Text, UnstyledButton } from '@mantine/core';

interface CounterButtonsProps<N extends string> {
  readonly names: readonly N[];
  readonly counts: Readonly<Record<N, number>>;
  /** The counter's name in the user's language. */
  readonly label: (name: N) => string;
  /** The button's title (what clicking does). */
  readonly title: (name: N) => string;
  readonly isActive: (name: N) => boolean;
  readonly onClick: (name: N) => void;
  /** Test ids: `<prefix>-bar`, each button `<prefix>-button-<name>`, its number `<prefix>-<name>`. */
  readonly testIdPrefix: string;
}

/**
 * A bar of counters that filter a list (the /channels and /video_return headers): each counter is
 * a button, pressed while it is the list's filter.
 */
export function CounterButtons<N extends string>({ names, counts, label, title, isActive, onClick, testIdPrefix }: CounterButtonsProps<N>) {
  return (
    <Group gap="xs" data-testid={`${testIdPrefix}-bar`} wrap="wrap">
      {names.map((name) => {
        const active = isActive(name);
        return (
          <UnstyledButton key={name} onClick={() => onClick(name)} aria-pressed={active} data-testid={`${testIdPrefix}-button-${name}`} title={title(name)}>
            <Paper withBorder px="sm" py={4} radius="md" bg={active ? 'var(--mantine-primary-color-light)' : undefined}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {label(name)}
                </Text>
                <Text size="sm" fw={700} data-testid={`${testIdPrefix}-${name}`}>
                  {counts[name]}
                </Text>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
