/**
 * Units and servers named in a scenario by id or by name: resolved against the fleet when a run
 * starts (the runner reads the fleet over REST, the core from its database), so a file may say
 * "unitId": "Paris-News-1" as the console shows it. An id wins over a name; a name no device has,
 * or that two devices share, is a problem naming the step and the field.
 */
import type { ScenarioFile, ScenarioStep } from './scenario.js';

/** A device of the fleet: its id and the name the console shows. */
export interface NamedDevice {
  id: string;
  name: string;
}

export interface FleetNames {
  units: readonly NamedDevice[];
  servers: readonly NamedDevice[];
}

export interface ScenarioRefProblem {
  /** The step's position in the timeline (0-based). */
  index: number;
  step: ScenarioStep['do'];
  field: 'unitId' | 'serverId';
  message: string;
}

/** A problem in words: `step 3 (fault): unitId: no unit named "Foo" in the fleet`. */
export function describeRefProblem(p: ScenarioRefProblem): string {
  return `step ${p.index + 1} (${p.step}): ${p.field}: ${p.message}`;
}

type Lookup = (ref: string) => { id: string } | { error: string };

function lookup(kind: 'unit' | 'server', devices: readonly NamedDevice[]): Lookup {
  const ids = new Set(devices.map((d) => d.id));
  const byName = new Map<string, string[]>();
  for (const d of devices) byName.set(d.name, [...(byName.get(d.name) ?? []), d.id]);
  return (ref) => {
    if (ids.has(ref)) return { id: ref };
    const named = byName.get(ref) ?? [];
    if (named.length === 1) return { id: named[0]! };
    if (named.length > 1) return { error: `${named.length} ${kind}s are named "${ref}" (${named.join(', ')}): name it by its id` };
    return { error: `no ${kind} named "${ref}" in the fleet (nor with that id)` };
  };
}

/** Every unit and server reference of the timeline through `map` (the step's index, kind and field given). */
function mapRefs(file: ScenarioFile, resolve: (index: number, step: ScenarioStep, field: 'unitId' | 'serverId', ref: string) => string): ScenarioFile {
  const timeline = file.timeline.map((step, index): ScenarioStep => {
    switch (step.do) {
      case 'fault':
      case 'expectUnit':
        return { ...step, unitId: resolve(index, step, 'unitId', step.unitId) };
      case 'serverFault':
        return { ...step, serverId: resolve(index, step, 'serverId', step.serverId) };
      case 'expectCore':
        return {
          ...step,
          ...(step.unitId === undefined ? {} : { unitId: resolve(index, step, 'unitId', step.unitId) }),
          ...(step.serverId === undefined ? {} : { serverId: resolve(index, step, 'serverId', step.serverId) }),
        };
      default:
        return step;
    }
  });
  return { ...file, timeline };
}

/** The scenario with every unit and server named by its id, and what could not be resolved. */
export function resolveScenarioRefs(file: ScenarioFile, fleet: FleetNames): { file: ScenarioFile; problems: ScenarioRefProblem[] } {
  const unit = lookup('unit', fleet.units);
  const server = lookup('server', fleet.servers);
  const problems: ScenarioRefProblem[] = [];
  const resolved = mapRefs(file, (index, step, field, ref) => {
    const r = (field === 'unitId' ? unit : server)(ref);
    if ('id' in r) return r.id;
    problems.push({ index, step: step.do, field, message: r.error });
    return ref;
  });
  return { file: resolved, problems };
}

/**
 * The scenario as people read it: every unit and server shown by the name the console shows, with
 * its id (`Paris-News-1 (LU800-0001)`); a reference the fleet does not resolve stays as written.
 * For labels only: never run it.
 */
export function showScenarioRefs(file: ScenarioFile, fleet: FleetNames): ScenarioFile {
  const unit = lookup('unit', fleet.units);
  const server = lookup('server', fleet.servers);
  const names = new Map([...fleet.units, ...fleet.servers].map((d) => [d.id, d.name]));
  return mapRefs(file, (_index, _step, field, ref) => {
    const r = (field === 'unitId' ? unit : server)(ref);
    if (!('id' in r)) return ref;
    const name = names.get(r.id);
    return name && name !== r.id ? `${name} (${r.id})` : r.id;
  });
}
