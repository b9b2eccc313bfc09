import { describe, expect, it } from 'vitest';
import { ScenarioFile } from './scenario.js';
import { describeRefProblem, resolveScenarioRefs, showScenarioRefs } from './scenario-refs.js';

const fleet = {
  units: [
    { id: 'LU800-0001', name: 'Paris-News-1' },
    { id: 'LU800-0002', name: 'Twin' },
    { id: 'LU800-0003', name: 'Twin' },
    { id: 'SOLO-0001', name: 'LU800-0001' },
  ],
  servers: [{ id: 'MMH-0001', name: 'MMH-London-1' }],
};

const file = (timeline: unknown[]) => ScenarioFile.parse({ name: 'x', description: 'refs', timeline });

describe('units and servers named in a scenario', () => {
  it('resolves names to ids in every step that names one; ids stay; an id wins over a name', () => {
    const { file: out, problems } = resolveScenarioRefs(
      file([
        { do: 'fault', at: 0, unitId: 'Paris-News-1', fault: { type: 'power', on: false } },
        { do: 'serverFault', at: 0, serverId: 'MMH-London-1', fault: { type: 'serverPower', on: false } },
        { do: 'expectUnit', at: 0, unitId: 'LU800-0001', check: { status: 'offline' } },
        { do: 'expectCore', at: 0, unitId: 'Paris-News-1', serverId: 'MMH-0001', check: {} },
        { do: 'expectFleet', at: 0 },
      ]),
      fleet,
    );
    expect(problems).toEqual([]);
    expect(out.timeline.map((s) => ('unitId' in s ? s.unitId : undefined) ?? ('serverId' in s ? s.serverId : undefined) ?? null)).toEqual([
      'LU800-0001',
      'MMH-0001',
      'LU800-0001',
      'LU800-0001',
      null,
    ]);
    expect(out.timeline[3]).toMatchObject({ unitId: 'LU800-0001', serverId: 'MMH-0001' });
  });

  it('says which step and field name a device the fleet does not have, or a name two devices share', () => {
    const { problems } = resolveScenarioRefs(
      file([
        { do: 'expectFleet', at: 0 },
        { do: 'fault', at: 0, unitId: 'Twin', fault: { type: 'power', on: false } },
        { do: 'fault', at: 0, unitId: 'Foo', fault: { type: 'power', on: false } },
        { do: 'expectCore', at: 0, serverId: 'Paris-News-1', check: {} },
      ]),
      fleet,
    );
    expect(problems.map(describeRefProblem)).toEqual([
      'step 2 (fault): unitId: 2 units are named "Twin" (LU800-0002, LU800-0003): name it by its id',
      'step 3 (fault): unitId: no unit named "Foo" in the fleet (nor with that id)',
      'step 4 (expectCore): serverId: no server named "Paris-News-1" in the fleet (nor with that id)',
    ]);
  });

  it('shows each unit and server by name and id for people, whichever the file used', () => {
    const shown = showScenarioRefs(
      file([
        { do: 'fault', at: 0, unitId: 'LU800-0001', fault: { type: 'power', on: false } },
        { do: 'expectCore', at: 0, serverId: 'MMH-London-1', check: {} },
        { do: 'expectUnit', at: 0, unitId: 'Gone', check: {} },
      ]),
      fleet,
    );
    expect(shown.timeline).toMatchObject([{ unitId: 'Paris-News-1 (LU800-0001)' }, { serverId: 'MMH-London-1 (MMH-0001)' }, { unitId: 'Gone' }]);
  });
});
