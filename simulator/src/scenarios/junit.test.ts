import { describe, expect, it } from 'vitest';
import { ScenarioFile } from '@fleet/contracts';
import { toJUnit, xmlEscape } from './junit.js';
import type { ScenarioResult } from './runner.js';

const file = ScenarioFile.parse({
  name: 'camera-check',
  description: 'A camera is pulled & put back <again>',
  timeline: [
    { do: 'fault', at: 0, unitId: 'LU800-0001', fault: { type: 'camera', connected: false } },
    { do: 'expectUnit', at: 1000, unitId: 'LU800-0001', check: { status: 'idle' } },
    { do: 'expectUnit', at: 2000, unitId: 'LU800-0001', check: { status: 'streaming' } },
  ],
});

describe('the JUnit report of scenario runs', () => {
  it('has one test case per step of the file: passed, failed with what was observed, never reached as skipped', () => {
    const result: ScenarioResult = {
      name: file.name,
      ok: false,
      wallMs: 1500,
      steps: [
        { index: 1, at: 1000, step: 'expectUnit', ok: false, detail: 'unit LU800-0001: status = "streaming", expected idle', doneAt: 16000 },
        { index: 0, at: 0, step: 'fault', ok: true, detail: 'fault LU800-0001 camera: applied', doneAt: 0 },
      ],
    };
    const xml = toJUnit([{ file, result, startedAt: '2026-11-27T13:00:00.000Z' }]);
    expect(xml).toContain('<testsuites name="scenarios" tests="3" failures="1" errors="0" skipped="1" time="1.500">');
    expect(xml).toContain('<testsuite name="camera-check" tests="3" failures="1" errors="0" skipped="1" time="1.500" timestamp="2026-11-27T13:00:00">');
    expect(xml).toContain('value="A camera is pulled &amp; put back &lt;again&gt;"');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<failure message="unit LU800-0001: status = &quot;streaming&quot;, expected idle" type="expectUnit">');
    // The failed check took 15 simulated seconds from its due time.
    expect(xml).toMatch(/name="#2 at 1\.0 s: unit LU800-0001 [^"]*" time="15\.000"/);
    expect(xml).toMatch(/name="#3 at 2\.0 s: [^"]*" time="0\.000">\s*<skipped message="not reached"\/>/);
  });

  it('reports a runner failure as an error of the suite, and a stopped run as such', () => {
    const result: ScenarioResult = {
      name: file.name,
      ok: false,
      stopped: true,
      wallMs: 10,
      steps: [{ index: -1, at: 0, step: 'expectCore', ok: false, detail: 'runner: the simulator clock is realtime', doneAt: 0 }],
    };
    const xml = toJUnit([{ file, result }]);
    expect(xml).toContain('errors="1"');
    expect(xml).toContain('<error message="runner: the simulator clock is realtime" type="runner">');
    expect(xml).toContain('<property name="stopped" value="true"/>');
    expect(xml).toContain('skipped="3"');
  });

  it('escapes markup and drops the control characters XML cannot hold', () => {
    expect(xmlEscape('a<b & "c"\u0001\n')).toBe('a&lt;b &amp; &quot;c&quot;\n');
  });
});
