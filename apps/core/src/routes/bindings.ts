/**
 * Every catalogue call bound to the service that answers it. A service declares its calls next to
 * itself (`callsOf`, src/calls.ts); its module's index.ts binds each of its services to their
 * calls (`bind`); this table gathers the modules' bindings. `Handlers` below does not compile while
 * a declared call has no binding, and a test fails when a call is bound twice.
 */
import type { EndpointId, EndpointOutput, EndpointParsed } from '@fleet/contracts';
import type { Answer } from '../calls.js';
import type { AuthUser } from '../platform/access.js';
import type { Services } from '../services.js';
import * as users from '../modules/users/index.js';
import * as units from '../modules/units/index.js';
import * as unitConfiguration from '../modules/unit-configuration/index.js';
import * as servers from '../modules/servers/index.js';
import * as alerts from '../modules/alerts/index.js';
import * as upgrades from '../modules/upgrades/index.js';
import * as groups from '../modules/groups/index.js';
import * as videoReturn from '../modules/video-return/index.js';
import * as usage from '../modules/usage/index.js';
import * as inventories from '../modules/inventories/index.js';
import * as graphics from '../modules/graphics/index.js';
import * as remoteActions from '../modules/remote-actions/index.js';
import * as invitations from '../modules/invitations/index.js';
import * as files from '../modules/files/index.js';
import * as stories from '../modules/stories/index.js';
import * as channels from '../modules/channels/index.js';
import * as p2p from '../modules/p2p/index.js';
import * as audioRooms from '../modules/audio-rooms/index.js';
import * as shares from '../modules/shares/index.js';
import * as systemSettings from '../modules/system-settings/index.js';

import type { Binding } from '../calls.js';

export type { Binding };

/** What the route hands a handler besides the input. */
export interface HandlerContext {
  user: AuthUser;
  services: Services;
}

export type Handler<K extends EndpointId> = (input: EndpointParsed<K>, ctx: HandlerContext) => Answer<EndpointOutput<K>>;
export type HandlersFor<Ids extends EndpointId> = { [K in Ids]: Handler<K> };

/** Each module's services with the calls they answer. */
export const bindings = [
  ...units.bindings,
  ...unitConfiguration.bindings,
  ...alerts.bindings,
  ...systemSettings.bindings,
  ...groups.bindings,
  ...inventories.bindings,
  ...remoteActions.bindings,
  ...users.bindings,
  ...files.bindings,
  ...stories.bindings,
  ...invitations.bindings,
  ...servers.bindings,
  ...channels.bindings,
  ...videoReturn.bindings,
  ...p2p.bindings,
  ...audioRooms.bindings,
  ...graphics.bindings,
  ...shares.bindings,
  ...usage.bindings,
  ...upgrades.bindings,
] as const;

type BoundIds = (typeof bindings)[number]['ids'][number];
/** Does not compile while a catalogue call is bound to no service. */
type Unbound = Exclude<EndpointId, BoundIds>;
const everyCallBound: [Unbound] extends [never] ? true : { unbound: Unbound } = true as const;
void everyCallBound;

/** What one binding looks its service up in, as a parameter (so that a union of them infers as one intersection). */
type LookedUpIn<B> = B extends { readonly handlers: infer H }
  ? H[keyof H] extends (input: never, ctx: { user: AuthUser; services: infer M }) => unknown
    ? (m: M) => void
    : never
  : never;
/** Every module's services, as one type. */
type ModulesServices = LookedUpIn<(typeof bindings)[number]> extends (m: infer I) => void ? I : never;
/** Does not compile while a module's bindings look up a service `Services` lacks. */
const everyModuleWired: Services extends ModulesServices ? true : false = true;
void everyModuleWired;

export type Handlers = HandlersFor<EndpointId>;

/** One handler per catalogue id, from the bindings. */
export const handlers: Handlers = Object.assign({}, ...bindings.map((b) => b.handlers));
