import { describe, expect, it } from 'vitest';
import { canOpenDialog } from './permissions';
import { canCall } from '../../kit/access';

describe('unit detail permissions follow the catalogue', () => {
  it('lets a regular user start streams and change the transmission mode', () => {
    expect(canCall(['luc_regular'], 'startUnitStream')).toBe(true);
    expect(canCall(['luc_regular'], 'updateUnitTransmissionMode')).toBe(true);
    expect(canOpenDialog(['luc_regular'], 'speedTest')).toBe(true);
  });

  it('gives a read-only user no write action and no AI', () => {
    for (const id of [
      'startUnitStream',
      'stopUnitStream',
      'commandSetVirtualChannel',
      'updateUnitTransmissionMode',
      'startIntercomSession',
      'startDatabridge',
    ] as const) {
      expect(canCall(['luc_read'], id)).toBe(false);
    }
    expect(canOpenDialog(['luc_read'], 'aiSession')).toBe(false);
    expect(canOpenDialog(['luc_read'], 'sendLogs')).toBe(false);
    expect(canOpenDialog(['luc_read'], 'uploadProgress')).toBe(true);
  });
});
