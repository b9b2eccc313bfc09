/**
 * A call that changes a unit's configuration, as the configuration forms make it: on success the
 * answer goes into every cached read of the configuration (`update`: the call answers it) or the
 * configuration is read again (`command`: the device took it; the core also publishes
 * `unit.configuration`), and a toast says so.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointId, EndpointOutput, UnitConfiguration } from '@fleet/contracts';
import { useApplyConfiguration } from '../../api/configurationCache';
import { endpointKey, useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';

/** The unit updates of the catalogue: every one answers the unit's configuration. */
export type ConfigUpdateEndpoint = { [K in EndpointId]: EndpointOutput<K> extends UnitConfiguration ? K : never }[EndpointId];

/** `update` for the calls that answer the configuration, `command` for the others. */
export type ConfigCallKind<K extends EndpointId> = K extends ConfigUpdateEndpoint ? 'update' : 'command';

export interface ConfigCallOptions<K extends EndpointId> {
  readonly kind: ConfigCallKind<K>;
  /** The success toast (default: "Configuration applied" for an update, "Sent to the unit" for a command). */
  readonly successMessage?: (answer: EndpointOutput<K>) => string;
  /** Extra work after a success (e.g. refetch a read that the change affects). */
  readonly onApplied?: () => void;
}

export function useConfigCall<K extends EndpointId>(unitId: string, endpoint: K, { kind, successMessage, onApplied }: ConfigCallOptions<K>) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const applyConfiguration = useApplyConfiguration(unitId);
  return useEndpointMutation(endpoint, {
    onSuccess: (answer) => {
      // An `update` call is a ConfigUpdateEndpoint (ConfigCallKind), so it answered a UnitConfiguration; TypeScript cannot narrow a generic output.
      if (kind === 'update') applyConfiguration(answer as UnitConfiguration);
      else void queryClient.invalidateQueries({ queryKey: endpointKey('getUnitConfigurationV2', { params: { id: unitId } }) });
      onApplied?.();
      toast.show({ message: successMessage?.(answer) ?? t(kind === 'update' ? 'forms.applied' : 'forms.commandSent'), variant: 'success' });
    },
  });
}
