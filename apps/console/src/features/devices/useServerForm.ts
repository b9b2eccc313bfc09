/**
 * One form of the server detail, on the manage-channel modal's form hook (useChannelForm): values
 * following the server while untouched, checked with the call's own catalogue body schema in the
 * spec's words, sent through the catalogue client; on success a toast naming the server and its
 * reads and the servers list refreshed, on refusal the server's field errors inline and its other
 * message (an §8 refusal such as "IFB mode can be changed only when the server is idle", or
 * "Configuration not sent, retry" when the server does not answer) as the form's failure.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointId, EndpointInput, ServerDetail } from '@fleet/contracts';
import { useChannelForm, type ChannelFormOptions } from '../channels/useChannelForm';
import { SERVERS_KEY } from './useServers';

/** `refresh`: reads of this server to refresh after a save (besides the server and the list). */
export function useServerForm<F extends object, K extends EndpointId>(
  options: Pick<ChannelFormOptions<F, K>, 'source' | 'endpoint' | 'toBody' | 'refresh'> & { readonly server: Pick<ServerDetail, 'id' | 'name'> },
) {
  const { server, source, endpoint, toBody, refresh = [] } = options;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The body was parsed by this endpoint's own schema; the generic K cannot be narrowed here.
  const toInput = useCallback((body: unknown) => ({ params: { id: server.id }, body }) as Partial<EndpointInput<K>>, [server.id]);
  const savedMessage = useCallback(() => t('devices.detail.saved', { name: server.name }), [server.name, t]);
  const onSaved = useCallback(() => void queryClient.invalidateQueries({ queryKey: SERVERS_KEY }), [queryClient]);
  return useChannelForm({ channelName: server.name, source, endpoint, toBody, toInput, refresh: ['getServer', ...refresh], savedMessage, onSaved });
}
