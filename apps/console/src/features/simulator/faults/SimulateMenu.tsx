/**
 * "Simulate" on a unit, a server or a channel (mock only): every fault of the control plane's
 * vocabulary for that target, each with its form derived from the contracts' schema (FaultForm).
 * A kind without parameters (reboot, restore the bitrate) is applied from the menu at once. Shown
 * only to the mock's operators once the capability probe found the mock (useCanSimulate); nothing
 * of it exists against a real core.
 */
import { useMemo, useState, type SyntheticEvent } from 'react';
import { ActionIcon, Button, Group, Menu, Stack } from '@mantine/core';
import { Modal } from '../../../components/Overlays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../api/hooks';
import { useToast } from '../../../toast/useToast';
import { ControlPlaneError } from '../SectionParts';
import { controlPlaneErrorMessage, createControlPlaneClient } from '../trpc';
import { buildFault, initialValues, type FaultKind, type FieldValue } from './faultFields';
import { FaultForm, type Choice } from './FaultForm';
import { useFaultLabels } from './faultLabels';
import { useCanSimulate } from '../useMockCapabilities';
import { BoltIcon } from './BoltIcon';
import { ACTIVE_FAULTS_KEY, faultTarget, fixedFields, kindsFor, type SimulateTarget } from './faultTargets';

export interface SimulateMenuProps {
  readonly target: SimulateTarget;
  /** A row's menu: an icon button (else a labelled button, as on a detail page). */
  readonly compact?: boolean;
  /** Known values of a form's text fields (channels of the fleet...). */
  readonly choices?: Readonly<Record<string, readonly Choice[]>>;
  /** Open on mounting (a list row mounts the menu on the first click of its button). */
  readonly defaultOpened?: boolean;
}

/** Clicks and keys inside stay here: a list row around the menu (or its modal, in a portal) must not open. */
const stop = (e: SyntheticEvent) => e.stopPropagation();

/** The channels a unit's faults may name (the channel list the unit area already reads), by name. */
function useChannelChoices(enabled: boolean): readonly Choice[] | undefined {
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY, enabled });
  return useMemo(
    () => list.data?.channels.map((c) => ({ value: c.channelId, label: c.channelName === '' ? c.channelId : `${c.channelName} · ${c.channelId}` })),
    [list.data],
  );
}

function useInject(target: SimulateTarget, onDone: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const labels = useFaultLabels();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fault }: { kind: FaultKind; fault: unknown }) => createControlPlaneClient().fault.inject.mutate(faultTarget(target, fault)),
    onSuccess: (answer, { kind }) => {
      void queryClient.invalidateQueries({ queryKey: ACTIVE_FAULTS_KEY });
      const words = { fault: labels.kind(kind.type), name: target.name };
      if (answer.error) toast.show({ message: t('faults.refusedByDevice', { ...words, code: answer.error }), variant: 'error' });
      else toast.show({ message: t('faults.injected', words), variant: 'success' });
      onDone();
    },
    onError: (error) => toast.show({ message: controlPlaneErrorMessage(error), variant: 'error' }),
  });
}

function FaultModal({
  target,
  kind,
  choices,
  onClose,
}: {
  target: SimulateTarget;
  kind: FaultKind;
  choices: SimulateMenuProps['choices'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labels = useFaultLabels();
  // Read while a form is open, not by every row's menu: the channel list changes with the fleet.
  const channels = useChannelChoices(target.kind === 'unit');
  const formChoices = useMemo(() => ({ ...(channels ? { channelId: channels } : {}), ...choices }), [channels, choices]);
  const fixed = useMemo(() => fixedFields(target), [target]);
  const [values, setValues] = useState(() => initialValues(kind, fixed));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inject = useInject(target, onClose);
  const apply = () => {
    const built = buildFault(kind, values);
    if (!built.ok) return setErrors(built.errors);
    setErrors({});
    inject.mutate({ kind, fault: built.fault });
  };
  return (
    <Modal opened onClose={onClose} title={t('faults.modalTitle', { fault: labels.kind(kind.type), name: target.name })} data-testid="fault-modal">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Stack gap="md">
          <FaultForm
            kind={kind}
            values={values}
            errors={errors}
            fixed={Object.keys(fixed)}
            choices={formChoices}
            onChange={(name: string, value: FieldValue) => setValues((v) => ({ ...v, [name]: value }))}
          />
          <ControlPlaneError error={inject.error} testId="fault-modal-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="fault-modal-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={inject.isPending} data-testid="fault-modal-apply">
              {t('faults.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The menu's items: rendered while the menu is open only (a list shows a menu on every row; their
 * labels are looked up when one opens, not with every row).
 */
function SimulateMenuItems({ target, onChoose }: { target: SimulateTarget; onChoose: (kind: FaultKind) => void }) {
  const labels = useFaultLabels();
  return kindsFor(target).map((kind) => (
    <Menu.Item key={kind.type} onClick={() => onChoose(kind)} data-testid={`simulate-${kind.type}`}>
      {labels.kind(kind.type)}
    </Menu.Item>
  ));
}

/** The menu itself, for a user who may simulate (SimulateMenu checks). */
export function SimulateMenuFor({ target, compact = false, choices, defaultOpened = false }: SimulateMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<FaultKind | null>(null);
  const inject = useInject(target, () => undefined);
  const choose = (kind: FaultKind) => {
    const fixed = Object.keys(fixedFields(target));
    // Nothing to fill in: applied at once (the toast confirms).
    if (kind.fields.every((f) => fixed.includes(f.name))) inject.mutate({ kind, fault: { type: kind.type, ...fixedFields(target) } });
    else setOpen(kind);
  };
  const title = t('faults.menuTitle', { name: target.name });
  return (
    // Only stops the row's handlers; the buttons inside are the controls.
    <span onClick={stop} onKeyDown={stop} style={{ display: 'inline-flex' }}>
      <Menu position="bottom-end" withinPortal shadow="md" defaultOpened={defaultOpened}>
        <Menu.Target>
          {compact ? (
            <ActionIcon variant="light" color="grape" aria-label={title} title={title} loading={inject.isPending} data-testid={`simulate-menu-${target.kind}`}>
              <BoltIcon />
            </ActionIcon>
          ) : (
            <Button size="xs" variant="light" color="grape" loading={inject.isPending} data-testid={`simulate-menu-${target.kind}`}>
              {t('faults.simulate')}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown mah="min(60vh, 420px)" style={{ overflowY: 'auto' }} data-testid="simulate-menu-dropdown">
          <Menu.Label>{title}</Menu.Label>
          <SimulateMenuItems target={target} onChoose={choose} />
        </Menu.Dropdown>
      </Menu>
      {open && <FaultModal target={target} kind={open} choices={choices} onClose={() => setOpen(null)} />}
    </span>
  );
}

/** "Simulate" on a target: nothing unless the mock answered the probe and the user runs the mock. */
export function SimulateMenu(props: SimulateMenuProps) {
  return useCanSimulate() ? <SimulateMenuFor {...props} /> : null;
}
