/** Small building blocks the unit detail's tabs share. */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitApplicationKey } from '@fleet/contracts';
import { isApiError } from '../../api/ApiError';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useSpecText } from '../../lib/forms/specText';
import type { ActivityState, Direction } from '../../lib/transitions/transitions';
import { useToast } from '../../toast/useToast';
import { canStartActivity, canStopActivity, type DetailActivity } from './activity';
import type { ActivityTransitions } from './useActivityTransitions';
import { MutedText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';

const STATE_COLOURS: Record<ActivityState, string> = {
  off: 'gray',
  connecting: 'yellow',
  running: 'green',
  disconnecting: 'orange',
  failed: 'red',
};

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Stack gap="xs">
        <Title order={5}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

/** What the states of one activity are called where they have a name of their own (an intercom bridges or collects). */
export type ActivityStateLabels = Partial<Record<ActivityState, string>>;

export function ActivityBadge({ state, testId, labels }: { state: ActivityState; testId: string; labels?: ActivityStateLabels | undefined }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" data-testid={testId} data-state={state}>
      {labels?.[state] ?? enumLabel(t, 'unitDetail.state', state)}
    </Badge>
  );
}

/**
 * The state of one activity with its start and stop buttons (only for users who may make the
 * calls). `blocked` disables start with the reason shown under the buttons.
 */
export function ActivityControls(props: {
  readonly testId: string;
  readonly state: ActivityState;
  readonly canControl: boolean;
  readonly startLabel: string;
  readonly stopLabel: string;
  readonly blocked?: string | null;
  /** The activity's own names of its states. */
  readonly stateLabels?: ActivityStateLabels;
  readonly onStart: () => void;
  readonly onStop: () => void;
}) {
  const { testId, state, canControl, blocked = null } = props;
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <ActivityBadge state={state} testId={`${testId}-state`} labels={props.stateLabels} />
        {canControl && canStartActivity(state) && (
          <Button size="xs" onClick={props.onStart} disabled={blocked !== null} data-testid={`${testId}-start`}>
            {props.startLabel}
          </Button>
        )}
        {canControl && canStopActivity(state) && (
          <Button size="xs" color="red" variant="light" onClick={props.onStop} data-testid={`${testId}-stop`}>
            {props.stopLabel}
          </Button>
        )}
      </Group>
      {blocked !== null && canStartActivity(state) && <MutedText testId={`${testId}-blocked`}>{blocked}</MutedText>}
    </Stack>
  );
}

/** A section's save, for whom may make its call. */
export function SaveButton({ show, label, testId, ...props }: { show: boolean; label: string; testId: string; onClick: () => void; loading: boolean }) {
  return (
    show && (
      <Button size="xs" w="fit-content" {...props} data-testid={testId}>
        {label}
      </Button>
    )
  );
}

/** A failed call: the spec's text for its code, and its field problems (unless the form shows them inline: `fieldsInline`). */
export function ApiErrorAlert({ error, title, testId, fieldsInline = false }: { error: unknown; title?: string; testId: string; fieldsInline?: boolean }) {
  const errorMessage = useApiErrorMessage();
  const specText = useSpecText();
  if (error === null || error === undefined) return null;
  const fields = isApiError(error) && !fieldsInline ? error.fields : [];
  return (
    <Alert color="red" title={title} data-testid={testId} role="alert">
      <Text size="sm" data-testid={`${testId}-message`}>
        {errorMessage(error)}
      </Text>
      {fields.length > 0 && (
        <List size="sm">
          {fields.map((field) => (
            <List.Item key={`${field.path}:${field.message}`}>{specText(field.message)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

interface ActivitySectionProps {
  /** Test ids: `<testId>-licence`, the controls' (`-state`, `-start`, `-stop`, `-blocked`) and `-error`. */
  readonly testId: string;
  readonly title: string;
  /** The missing licence's text (shown above, start disabled), or null when licensed. */
  readonly unlicensed: string | null;
  /** Another reason start is not possible now, or null. */
  readonly blocked?: string | null;
  /** What the section says above the controls (e.g. that no camera is connected). */
  readonly notice?: ReactNode;
  readonly transitions: ActivityTransitions;
  readonly activity: DetailActivity;
  readonly keys: readonly UnitApplicationKey[];
  readonly canControl: boolean;
  /** Where its texts are: `<labels>.start`, `.stop`, `.startFailed`, `.stopFailed`. */
  readonly labels: 'unitDetail.camera' | 'unitDetail.multiCamera' | 'unitDetail.databridge' | 'unitDetail.videoReturn';
  readonly call: (direction: Direction) => Promise<unknown>;
  /** Stops through this (the stop-stream confirmation, for the streams a unit puts on air); else at once. */
  readonly confirmStop?: (stop: () => void) => void;
}

/**
 * Start and stop of one activity, followed until the unit reports it (useActivityTransitions): a
 * failure is kept (`error`, shown under the buttons) and toasted under `failedTitle`.
 */
export function useActivityRun(
  transitions: ActivityTransitions,
  activity: DetailActivity,
  keys: readonly UnitApplicationKey[],
  call: (direction: Direction) => Promise<unknown>,
  failedTitle: (direction: Direction) => string,
) {
  const toast = useToast();
  const errorMessage = useApiErrorMessage();
  const [error, setError] = useState<unknown>(null);
  const run = (direction: Direction) => {
    setError(null);
    void transitions
      .run(activity, direction, keys, () => call(direction))
      .then((failure) => {
        if (failure === null) return;
        setError(failure);
        toast.show({ title: failedTitle(direction), message: errorMessage(failure), variant: 'error' });
      });
  };
  return { error, run, state: transitions.stateOf(activity, keys) };
}

/** A tab's activity: its licence, its state with start and stop (useActivityRun), and a failed start or stop under the buttons and as a toast. */
export function ActivitySection({
  testId,
  title,
  unlicensed,
  blocked = null,
  notice,
  transitions,
  activity,
  keys,
  canControl,
  labels,
  call,
  confirmStop,
}: ActivitySectionProps) {
  const { t } = useTranslation();
  const { error, run, state } = useActivityRun(transitions, activity, keys, call, (direction) => t(`${labels}.${direction}Failed`));
  return (
    <>
      {unlicensed !== null && (
        <Alert color="yellow" variant="light" data-testid={`${testId}-licence`}>
          {unlicensed}
        </Alert>
      )}
      <Section title={title}>
        {notice}
        <ActivityControls
          testId={testId}
          state={state}
          canControl={canControl}
          startLabel={t(`${labels}.start`)}
          stopLabel={t(`${labels}.stop`)}
          blocked={unlicensed ?? blocked}
          onStart={() => run('start')}
          onStop={() => (confirmStop ? confirmStop(() => run('stop')) : run('stop'))}
        />
        <ApiErrorAlert error={error} testId={`${testId}-error`} />
      </Section>
    </>
  );
}
