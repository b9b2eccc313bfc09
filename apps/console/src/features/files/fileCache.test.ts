import { describe, expect, it } from 'vitest';
import { applyChannelFileEvent, isChannelFileEvent } from './fileCache';
import { makeChannelFile, makeList } from '../../test-utils/files';

const a = makeChannelFile({ id: 'a', version: 2 });
const b = makeChannelFile({ id: 'b', isTransferring: true, progress: 10 });
const list = makeList([a, b]);

describe('applyChannelFileEvent', () => {
  it('leaves an absent list alone', () => {
    expect(applyChannelFileEvent(undefined, { type: 'channelFile.removed', ids: ['a'], at: 1 })).toEqual({ list: undefined, refetch: false });
  });
  it('replaces a changed file, but not with an older version', () => {
    const renamed = { ...a, fileName: 'x.mp4', version: 3 };
    const r = applyChannelFileEvent(list, { type: 'channelFile.changed', file: renamed, at: 1 });
    expect(r.list?.items[0]).toBe(renamed);
    expect(r.list?.items[1]).toBe(b);
    const stale = applyChannelFileEvent(list, { type: 'channelFile.changed', file: { ...a, version: 1 }, at: 1 });
    expect(stale.list).toBe(list);
  });
  it('adds a new file of a listed channel on top, and asks for a refetch for another channel', () => {
    const c = makeChannelFile({ id: 'c' });
    const r = applyChannelFileEvent(list, { type: 'channelFile.added', file: c, at: 1 });
    expect(r.list?.items.map((f) => f.id)).toEqual(['c', 'a', 'b']);
    expect(r.list?.total).toBe(3);
    const other = makeChannelFile({ id: 'd', channelId: 'CH9' });
    expect(applyChannelFileEvent(list, { type: 'channelFile.added', file: other, at: 1 })).toEqual({ list, refetch: true });
  });
  it('removes files', () => {
    const r = applyChannelFileEvent(list, { type: 'channelFile.removed', ids: ['a', 'zz'], at: 1 });
    expect(r.list?.items.map((f) => f.id)).toEqual(['b']);
    expect(r.list?.total).toBe(1);
    expect(applyChannelFileEvent(list, { type: 'channelFile.removed', ids: ['zz'], at: 1 }).list).toBe(list);
  });
  it('recognises its events', () => {
    expect(isChannelFileEvent({ type: 'channelFile.removed', ids: [], at: 1 })).toBe(true);
    expect(isChannelFileEvent({ type: 'config.changed', wsLibrary: 'ws', at: 1 })).toBe(false);
  });
});
