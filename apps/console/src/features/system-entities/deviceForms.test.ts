import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { checkDbGateway, checkServer, dbGatewayCreateBody, numberOrNull, serverCreateBody, serverForm, serverUpdateBody } from './deviceForms';

const filled = { ...serverForm(null), name: 'Hub-East', serial: 'HUB-1', swVersion: '10.1' };

describe('server form', () => {
  it('reads empty numbers as not set and keeps non-numbers for the schema to name', () => {
    expect(numberOrNull(' ')).toBeNull();
    expect(numberOrNull('12')).toBe(12);
    expect(numberOrNull('x')).toBeNaN();
  });

  it('builds the create body with the IFB mode only for a multimedia hub', () => {
    const form = { ...filled, ifbMode: 'V2' as const, webrtcPort: '8443', genlockOffset: '-20', cloudRegion: ' ' };
    expect(serverCreateBody(form, 'mmh_server')).toMatchObject({
      serverType: 'mmh_server',
      ifbMode: 'V2',
      webrtcPort: 8443,
      genlockOffset: -20,
      cloudRegion: null,
    });
    expect(serverCreateBody(form, 'vr_server').ifbMode).toBeNull();
    expect(serverUpdateBody(form, 'mmh_server', 3)).toMatchObject({ version: 3, name: 'Hub-East' });
  });

  it("checks with the spec's words: name characters, required serial, genlock and webrtc port ranges", () => {
    const check = checkServer(true, 'mmh_server');
    expect(check(filled)).toEqual({});
    expect(check({ ...filled, name: 'Hub East' }).name).toBe(VALIDATION.unitNameCharacters);
    expect(check({ ...filled, serial: '' }).serial).toBe(VALIDATION.required);
    expect(check({ ...filled, genlockOffset: '512' }).genlockOffset).toBe(VALIDATION.maxValue(511));
    expect(check({ ...filled, webrtcPort: '65354' }).webrtcPort).toBe(VALIDATION.maxValue(65353));
    expect(checkServer(false, 'mmh_server')({ ...filled, genlockOffset: '-512' }).genlockOffset).toBe(VALIDATION.minValue(-511));
  });
});

describe('databridge gateway form', () => {
  const gateway = { name: 'Gw-1', host: 'gw.example.com', port: '8443', inventoryId: null };
  it('builds the body and checks port 1-65535, a required port and the name characters', () => {
    expect(dbGatewayCreateBody(gateway)).toEqual({ name: 'Gw-1', host: 'gw.example.com', port: 8443, inventoryId: null });
    expect(checkDbGateway(gateway)).toEqual({});
    expect(checkDbGateway({ ...gateway, port: '65536' }).port).toBe(VALIDATION.maxValue(65535));
    expect(checkDbGateway({ ...gateway, port: '' }).port).toBe(VALIDATION.required);
    expect(checkDbGateway({ ...gateway, name: 'Gw 1' }).name).toBe(VALIDATION.unitNameCharacters);
    expect(checkDbGateway({ ...gateway, host: '' }).host).toBe(VALIDATION.required);
  });
});
