/// <reference lib="webworker" />
/**
 * The /ws connection off the page's main thread (socketWorker.ts starts this worker, one per
 * connection). The browser's work on every frame (taking it in from the network process, decoding
 * it) and the parsing of its JSON happen here; the page receives the frames already parsed, those
 * that arrived within FLUSH_MS together in one message: at 10,000 units about 100 frames a second
 * become 20 tasks of the page's instead of 100, and 3 MB of text a second never reaches it.
 *
 * Messages in order both ways (socketWorker.ts has their types): `open` → the socket opened;
 * `frames` → frames, each its parsed JSON object (`undefined`: not one); `close` → the socket closed,
 * after the frames that came before it; then the worker ends itself.
 */
import { parseFrame } from './parseFrame';
import type { FromSocketWorker, ToSocketWorker } from './socketWorker';

/** How long a frame may wait for the ones after it (milliseconds): small beside a person's reaction, large beside the hub's turns. */
const FLUSH_MS = 50;

declare const self: DedicatedWorkerGlobalScope;

let socket: WebSocket | null = null;
let frames: (object | undefined)[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function post(message: FromSocketWorker): void {
  self.postMessage(message);
}

function flush(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (frames.length === 0) return;
  const out = frames;
  frames = [];
  post({ op: 'frames', frames: out });
}

self.onmessage = (event: MessageEvent<ToSocketWorker>) => {
  const message = event.data;
  switch (message.op) {
    case 'open': {
      const ws = new WebSocket(message.url);
      socket = ws;
      ws.onopen = () => post({ op: 'open' });
      ws.onmessage = (frame: MessageEvent) => {
        if (typeof frame.data !== 'string') return;
        frames.push(parseFrame(frame.data));
        timer ??= setTimeout(flush, FLUSH_MS);
      };
      ws.onclose = (closed: CloseEvent) => {
        flush();
        post({ op: 'close', code: closed.code });
        self.close();
      };
      break;
    }
    case 'send':
      // Sent only once open (the client sends after the server's hello); a send on a closing socket is lost, as on the page.
      if (socket?.readyState === WebSocket.OPEN) socket.send(message.data);
      break;
    case 'close':
      socket?.close(message.code, message.reason);
      break;
  }
};
