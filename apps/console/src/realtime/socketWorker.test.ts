import { describe, expect, it, vi } from 'vitest';
import type { SocketFactory, SocketHandlers } from './RealtimeClient';
import { workerSocketFactory } from './socketWorker';
import type { FromSocketWorker, ToSocketWorker } from './socketWorker';

/** The part of a Worker the factory uses: what the page told it, and the worker's side to answer from. */
class FakeWorker {
  readonly told: ToSocketWorker[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<FromSocketWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: ToSocketWorker): void {
    this.told.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(message: FromSocketWorker): void {
    this.onmessage?.(new MessageEvent('message', { data: message }));
  }
  fail(message: string): ErrorEvent {
    // Node has no ErrorEvent: an Event with its `message`, as much of one as the factory reads.
    const event = Object.assign(new Event('error', { cancelable: true }), { message }) as ErrorEvent;
    this.onerror?.(event);
    return event;
  }
}

function handlers() {
  const heard: unknown[] = [];
  const log: string[] = [];
  const h: SocketHandlers = {
    onOpen: () => log.push('open'),
    onMessage: (message) => {
      heard.push(message);
      log.push('message');
    },
    onClose: (code) => log.push(`close ${code}`),
  };
  return { h, heard, log };
}

function setup() {
  const workers: FakeWorker[] = [];
  const onPage = vi.fn<SocketFactory>(() => ({ send: vi.fn(), close: vi.fn() }));
  // The fake has every member the factory touches; a whole Worker cannot be made outside a browser.
  const factory = workerSocketFactory(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  }, onPage);
  return { workers, onPage, factory };
}

describe('workerSocketFactory', () => {
  it('opens the socket in the worker, hands on its frames in order and closes through it', () => {
    const { workers, onPage, factory } = setup();
    const { h, heard, log } = handlers();
    const socket = factory('ws://core/ws', h);
    const [worker] = workers;
    expect(worker?.told).toEqual([{ op: 'open', url: 'ws://core/ws' }]);
    worker?.say({ op: 'open' });
    worker?.say({ op: 'frames', frames: [{ op: 'hello' }, undefined, { op: 'event' }] });
    socket.send('{"op":"ping"}');
    socket.close(1000, 'client stop');
    expect(worker?.told.slice(1)).toEqual([
      { op: 'send', data: '{"op":"ping"}' },
      { op: 'close', code: 1000, reason: 'client stop' },
    ]);
    worker?.say({ op: 'close', code: 1000 });
    expect(heard).toEqual([{ op: 'hello' }, undefined, { op: 'event' }]);
    expect(log).toEqual(['open', 'message', 'message', 'message', 'close 1000']);
    expect(worker?.terminated).toBe(true);
    expect(onPage).not.toHaveBeenCalled();
  });

  it('a worker that fails before saying anything: this connection and every later one are made on the page', () => {
    const { workers, onPage, factory } = setup();
    const first = handlers();
    const socket = factory('ws://core/ws', first.h);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const event = workers[0]?.fail('blocked by the content security policy');
    expect(event?.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    expect(workers[0]?.terminated).toBe(true);
    expect(onPage).toHaveBeenCalledWith('ws://core/ws', first.h);
    socket.send('x');
    const pageSocket = onPage.mock.results[0]?.value as { send: ReturnType<typeof vi.fn> };
    expect(pageSocket.send).toHaveBeenCalledWith('x');
    // No message reached the failed worker after it failed, and the client heard of no close.
    expect(workers[0]?.told).toEqual([{ op: 'open', url: 'ws://core/ws' }]);
    expect(first.log).toEqual([]);

    factory('ws://core/ws', handlers().h);
    expect(workers).toHaveLength(1);
    expect(onPage).toHaveBeenCalledTimes(2);
  });

  it('a worker that fails after it spoke ends its connection as a dropped one (1006): the client reconnects', () => {
    const { workers, onPage, factory } = setup();
    const { h, log } = handlers();
    factory('ws://core/ws', h);
    workers[0]?.say({ op: 'open' });
    workers[0]?.fail('out of memory');
    workers[0]?.say({ op: 'close', code: 1000 });
    expect(log).toEqual(['open', 'close 1006']);
    expect(onPage).not.toHaveBeenCalled();
    // The next connection tries a worker again.
    factory('ws://core/ws', handlers().h);
    expect(workers).toHaveLength(2);
  });

  it('a browser that cannot make the worker at all: on the page', () => {
    const onPage = vi.fn<SocketFactory>(() => ({ send: vi.fn(), close: vi.fn() }));
    const factory = workerSocketFactory(() => {
      throw new Error('Worker is not defined');
    }, onPage);
    factory('ws://core/ws', handlers().h);
    expect(onPage).toHaveBeenCalledTimes(1);
  });
});
