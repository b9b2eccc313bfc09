import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServerFault, UnitFault } from '@fleet/contracts';
import { buildFault, faultKinds, initialValues, readableKey } from './faultFields';

const kindOf = (union: z.ZodDiscriminatedUnion, type: string) => {
  const kind = faultKinds(union).find((k) => k.type === type);
  if (!kind) throw new Error(`no kind ${type}`);
  return kind;
};

describe('fault forms derived from the contracts', () => {
  it('offers every kind of the control plane’s vocabulary, in the contracts’ order', () => {
    expect(faultKinds(UnitFault).map((k) => k.type)).toEqual(UnitFault.options.map((o) => o.shape.type.value));
    expect(faultKinds(ServerFault).map((k) => k.type)).toEqual(ServerFault.options.map((o) => o.shape.type.value));
  });

  it('reads each field’s input from its schema: bounds, enums, switches, nullable and optional fields, lists', () => {
    expect(kindOf(UnitFault, 'modemFail').fields).toEqual([
      { name: 'modem', kind: 'number', min: 1, max: 16, integer: true, optional: false, nullable: false, description: 'Modem port, 1-based' },
    ]);
    expect(kindOf(UnitFault, 'modemSignal').fields[1]).toMatchObject({ name: 'factor', kind: 'number', min: 0, max: 4, integer: false });
    expect(kindOf(UnitFault, 'modemSim').fields[1]).toMatchObject({ name: 'sim', kind: 'select', options: ['A', 'B'] });
    expect(kindOf(UnitFault, 'power').fields).toMatchObject([{ name: 'on', kind: 'boolean', optional: false }]);
    expect(kindOf(UnitFault, 'battery').fields[1]).toMatchObject({ name: 'charging', kind: 'boolean', optional: true });
    expect(kindOf(UnitFault, 'upgradeOutcome').fields).toMatchObject([{ name: 'code', kind: 'number', nullable: true }]);
    expect(kindOf(UnitFault, 'upgrade').fields).toMatchObject([
      { name: 'target', kind: 'text', maxLength: 32 },
      { name: 'supportedProducts', kind: 'list', optional: true },
    ]);
    expect(kindOf(UnitFault, 'reboot').fields).toEqual([]);
  });

  it('shows a kind the contracts add with its fields, no console code needed', () => {
    const Extended = z.discriminatedUnion('type', [
      ...UnitFault.options,
      z.object({ type: z.literal('gpsJam'), seconds: z.number().int().min(1).max(60), mode: z.enum(['spoof', 'deny']) }),
    ]);
    const kind = kindOf(Extended, 'gpsJam');
    expect(kind.fields.map((f) => [f.name, f.kind])).toEqual([
      ['seconds', 'number'],
      ['mode', 'select'],
    ]);
    expect(initialValues(kind)).toEqual({ seconds: 1, mode: 'spoof' });
    expect(buildFault(kind, { seconds: 30, mode: 'deny' })).toEqual({ ok: true, fault: { type: 'gpsJam', seconds: 30, mode: 'deny' } });
    expect(readableKey('gpsJam')).toBe('Gps jam');
  });

  it('starts each field where its bounds allow and checks the values against the schema before sending', () => {
    const modem = kindOf(UnitFault, 'modemFail');
    expect(initialValues(modem)).toEqual({ modem: 1 });
    expect(buildFault(modem, { modem: 2 })).toEqual({ ok: true, fault: { type: 'modemFail', modem: 2 } });
    const tooHigh = buildFault(modem, { modem: 17 });
    expect(tooHigh.ok).toBe(false);
    if (!tooHigh.ok) expect(Object.keys(tooHigh.errors)).toEqual(['modem']);
    // An optional field left empty is left out; a nullable one left empty is sent as null.
    expect(buildFault(kindOf(UnitFault, 'stream'), { start: true, channelId: '' })).toEqual({ ok: true, fault: { type: 'stream', start: true } });
    expect(buildFault(kindOf(UnitFault, 'upgradeOutcome'), { code: null })).toEqual({ ok: true, fault: { type: 'upgradeOutcome', code: null } });
    // A context's fixed value starts the form.
    expect(initialValues(kindOf(ServerFault, 'channelLicense'), { channelId: 'CH1' })).toEqual({ channelId: 'CH1', licensed: false });
  });
});
