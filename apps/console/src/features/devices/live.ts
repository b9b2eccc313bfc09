/** What realtime events change in the servers' reads and the upgrade views (registered in src/live/). */
import type { P2pLink } from '@fleet/contracts';
import { endpointKey } from '../../api/hooks';
import { newest } from '../../kit/cache';
import { all, reread } from '../../realtime/liveRegistry';
import type { EventOf, LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { applyToServerCaches } from './useServers';
import { applyToUpgradeCaches } from './useUpgradesLive';

export const serversLive: LiveResource = {
  resource: 'servers',
  events: {
    'server.status': { patches: ['getServer'], apply: (ctx, event) => applyToServerCaches(ctx.queryClient, event) },
    'server.changed': {
      patches: ['getServer'],
      rereads: ['getServerServices', 'getServerCapabilities'],
      apply: (ctx, event) => applyToServerCaches(ctx.queryClient, event),
    },
  },
};

const upgrades = ({ queryClient }: LiveContext, event: Parameters<typeof applyToUpgradeCaches>[1]) => applyToUpgradeCaches(queryClient, event);

export const upgradesLive: LiveResource = {
  resource: 'upgrades',
  events: {
    'unit.status': { patches: ['listUpgradeCandidates'], apply: upgrades },
    'unit.updated': { patches: ['listUpgradeCandidates'], apply: upgrades },
    'server.status': { patches: ['listUpgradeCandidates'], apply: upgrades },
    'server.changed': { patches: ['listUpgradeCandidates'], apply: upgrades },
    'upgrade.changed': {
      patches: ['listUpgradeCandidates', 'getUnitUpgradeTargets', 'getServerUpgradeTargets', 'listUnitUpgrades', 'listServerUpgrades', 'getUpgradeBatch'],
      apply: upgrades,
    },
    'upgradeBatch.changed': { rereads: ['listUpgradeBatches', 'getUpgradeBatch'], apply: reread(['listUpgradeBatches', 'getUpgradeBatch']) },
  },
};

/** A link's groups and selected groups read again (an announcement carries the link, not them). */
function rereadLinkGroups({ queryClient }: LiveContext, event: EventOf<'p2p.changed'>): void {
  if (event.removed) return;
  const input = { params: { id: event.link.id } };
  void queryClient.invalidateQueries({ queryKey: endpointKey('getP2pLinkGroups', input) });
  void queryClient.invalidateQueries({ queryKey: endpointKey('getP2pLinkSelectedGroups', input) });
}

export const p2pLinksLive: LiveResource = {
  resource: 'p2pLinks',
  events: {
    'p2p.changed': {
      patches: ['getP2pLink'],
      rereads: ['getP2pLinkGroups', 'getP2pLinkSelectedGroups'],
      screens: 'the LU-Link tab (the links it has heard of)',
      apply: all<EventOf<'p2p.changed'>>(
        ({ queryClient }, event) =>
          queryClient.setQueryData<P2pLink>(endpointKey('getP2pLink', { params: { id: event.link.id } }), (cached) =>
            cached === undefined ? cached : newest(cached, event.link),
          ),
        rereadLinkGroups,
      ),
    },
  },
};
