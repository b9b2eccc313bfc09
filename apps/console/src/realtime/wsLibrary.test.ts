import { describe, expect, it, vi } from 'vitest';
import { watchWsLibrary } from './wsLibrary';

describe('websocket library watch', () => {
  it('takes the first value as the baseline and fires once on the first change', () => {
    const onChange = vi.fn();
    const w = watchWsLibrary(onChange);
    w.observe(undefined);
    w.observe(null);
    expect(w.baseline()).toBeNull();
    w.observe('ws@8');
    w.observe('ws@8');
    expect(onChange).not.toHaveBeenCalled();
    w.observe('uws@20');
    w.observe('socket.io@4');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('uws@20', 'ws@8');
  });
});
