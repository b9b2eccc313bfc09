/**
 * A {@link SocketFactory} whose socket lives in a dedicated worker (socket.worker.ts): the page's
 * main thread receives the frames parsed, several at once, and spends nothing on the socket itself.
 * At fleet size that is most of what an idle page does (BENCHMARKS.md: the unit list at 10,000
 * units).
 *
 * A worker that cannot start (a host whose content security policy forbids workers, a script that
 * did not load) before it said anything: the connection is made on the page instead, and so is
 * every later one.
 */
import { browserSocketFactory } from './RealtimeClient';
import type { SocketFactory, SocketLike } from './RealtimeClient';

/** What the page tells the worker. */
export type ToSocketWorker = { op: 'open'; url: string } | { op: 'send'; data: string } | { op: 'close'; code?: number; reason?: string };
/** What the worker tells the page, in the order it happened. */
export type FromSocketWorker = { op: 'open' } | { op: 'frames'; frames: (object | undefined)[] } | { op: 'close'; code: number };

export function workerSocketFactory(createWorker: () => Worker, onPage: SocketFactory = browserSocketFactory): SocketFactory {
  let workersFail = false;
  return (url, handlers) => {
    if (workersFail) return onPage(url, handlers);
    let worker: Worker;
    try {
      worker = createWorker();
    } catch {
      workersFail = true;
      return onPage(url, handlers);
    }
    const tell = (message: ToSocketWorker) => worker.postMessage(message);
    // The socket made on the page when the worker failed before saying anything.
    let instead: SocketLike | null = null;
    let heard = false;
    let ended = false;
    const stop = () => {
      ended = true;
      worker.terminate();
    };
    const end = (code: number) => {
      if (ended) return;
      stop();
      handlers.onClose(code);
    };
    worker.onmessage = (event: MessageEvent<FromSocketWorker>) => {
      heard = true;
      const message = event.data;
      if (message.op === 'open') handlers.onOpen();
      else if (message.op === 'frames') for (const frame of message.frames) handlers.onMessage(frame);
      else end(message.code);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      if (ended) return;
      if (heard) {
        // 1006: closed abnormally, as a socket whose connection dropped.
        end(1006);
        return;
      }
      console.warn('realtime: the socket worker did not start; the connection is made on the page', event.message);
      workersFail = true;
      stop();
      instead = onPage(url, handlers);
    };
    tell({ op: 'open', url });
    return {
      send(data) {
        if (instead !== null) instead.send(data);
        else if (!ended) tell({ op: 'send', data });
      },
      close(code, reason) {
        if (instead !== null) instead.close(code, reason);
        else if (!ended) tell({ op: 'close', code, reason });
      },
    };
  };
}

/** The worker of socket.worker.ts, bundled by Vite beside the page's scripts. */
export function createSocketWorker(): Worker {
  return new Worker(new URL('./socket.worker.ts', import.meta.url), { type: 'module', name: 'realtime' });
}
