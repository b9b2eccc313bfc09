import type { EndpointId, EndpointOutput, UnitConfiguration } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { useApplyConfiguration } from './useUnitDetailData';

/** The unit updates of the catalogue: every one answers the unit's configuration. */
export type ConfigEndpoint = { [K in EndpointId]: EndpointOutput<K> extends UnitConfiguration ? K : never }[EndpointId];

/** A unit update whose answer goes into the cache, with a success toast. */
export function useConfigMutation<K extends ConfigEndpoint>(unitId: string, id: K, successMessage: (configuration: UnitConfiguration) => string) {
  const applyConfiguration = useApplyConfiguration(unitId);
  const toast = useToast();
  return useEndpointMutation(id, {
    onSuccess: (answer) => {
      // K is a unit update (ConfigEndpoint), so its answer is a UnitConfiguration; TypeScript cannot narrow a generic output.
      const configuration = answer as UnitConfiguration;
      applyConfiguration(configuration);
      toast.show({ message: successMessage(configuration), variant: 'success' });
    },
  });
}
