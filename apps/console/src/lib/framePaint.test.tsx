import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps the page's one frame state: each test loads a fresh copy.
let framePaint: typeof import('./framePaint');
beforeEach(async () => {
  vi.resetModules();
  framePaint = await import('./framePaint');
});

describe('the frame paint gate', () => {
  it('lets calls through before the frame mounts (the session, the preferences)', () => {
    expect(framePaint.afterFramePaint()).toBeUndefined();
  });

  it('holds calls made between the frame mount and its first paint, then lets every call through', async () => {
    framePaint.frameMounted();
    const wait = framePaint.afterFramePaint();
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    expect(framePaint.afterFramePaint()).toBeUndefined();
    // A second mount (the frame re-created after a sign-in) holds nothing.
    framePaint.frameMounted();
    expect(framePaint.afterFramePaint()).toBeUndefined();
  });
});
