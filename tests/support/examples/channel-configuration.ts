/**
 * Role-matrix examples of the channel configuration calls (see ../catalogue-examples.ts for what an example is).
 */
import type { channelConfigurationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const CHANNEL_CONFIGURATION_EXAMPLES: { [K in keyof typeof channelConfigurationEndpoints]: Example<K> } = {
};
