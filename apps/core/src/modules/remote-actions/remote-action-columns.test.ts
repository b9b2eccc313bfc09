import { describe, expect, it } from 'vitest';
import { remoteActionParams } from './remote-action-columns.js';

describe('a remote action’s params as stored', () => {
  it('reads the reason, the support case’s description and the access approval', () => {
    const params = remoteActionParams.read({ reason: 'reboot', description: 'logs', accessApprovalId: 'ap1' });
    expect(params).toMatchObject({ reason: 'reboot', description: 'logs', accessApprovalId: 'ap1' });
  });

  it('leaves out a field that does not fit instead of refusing the row', () => {
    const params = remoteActionParams.read({ reason: 42, description: 'logs' });
    expect(params.reason).toBeUndefined();
    expect(params.description).toBe('logs');
  });
});
