import { Badge, Button } from '@mantine/core';

interface FiltersToggleProps {
  readonly open: boolean;
  readonly onToggle: (open: boolean) => void;
  /** How many filters narrow the list (a badge when there are any). */
  readonly count: number;
  readonly label: string;
  /** Test ids: `<prefix>-toggle`, the badge `<prefix>-count`. */
  readonly testIdPrefix: string;
}

/** The button that shows or hides a list's filter panel (/channels, /video_return), with the number of active filters. */
export function FiltersToggle({ open, onToggle, count, label, testIdPrefix }: FiltersToggleProps) {
  return (
    <Button
      size="xs"
      variant={open ? 'light' : 'default'}
      aria-expanded={open}
      data-testid={`${testIdPrefix}-toggle`}
      onClick={() => onToggle(!open)}
      rightSection={
        count > 0 ? (
          <Badge size="xs" circle data-testid={`${testIdPrefix}-count`}>
            {count}
          </Badge>
        ) : undefined
      }
    >
      {label}
    </Button>
  );
}
