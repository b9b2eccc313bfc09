/** The fleet invariants: the simulator's own (fleet.ts), against the core's answers (core.ts), accepted commands (ledger.ts). */
export {
  checkFleet,
  describeViolation,
  readFleet,
  violation,
  type ChannelTruth,
  type FleetTruth,
  type InvariantName,
  type ServerTruth,
  type VrChannelTruth,
  type Violation,
} from './fleet.js';
export {
  checkDerived,
  compareReadModel,
  compareViews,
  emptyCoreView,
  ReportFold,
  type ChannelListAnswer,
  type CoreChannelView,
  type CoreServerView,
  type CoreUnitView,
  type CoreView,
  type UnitStatusEventSeen,
} from './core.js';
export { CommandLedger } from './ledger.js';
export { channelCounterClass, countChannelClasses, counterTransitionOf, groupStatusOf, unitStatusOf } from './rules.js';
