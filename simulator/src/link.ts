/**
 * An in-process gateway link: two ends passing typed objects, delivered asynchronously (like a
 * socket) so neither side re-enters the other while handling a message.
 */
import type { CoreGatewayEnd, CoreToDevice, DeviceGatewayEnd, DeviceToCore, GatewayEnd } from '@fleet/contracts';

export function createInProcessLink(): { core: CoreGatewayEnd; device: DeviceGatewayEnd } {
  type Side<Out, In> = GatewayEnd<Out, In> & { deliver(m: In): void; closed(): void };
  function side<Out, In>(peer: () => Side<In, Out>): Side<Out, In> {
    const handlers: ((m: In) => void)[] = [];
    const closers: (() => void)[] = [];
    let open = true;
    return {
      send: (m) => {
        if (open) queueMicrotask(() => peer().deliver(m));
      },
      onMessage: (h) => handlers.push(h),
      onClose: (h) => closers.push(h),
      deliver: (m) => {
        if (open) for (const h of handlers) h(m);
      },
      closed: () => {
        if (!open) return;
        open = false;
        for (const h of closers) h();
      },
      close: () => {
        queueMicrotask(() => {
          coreSide.closed();
          deviceSide.closed();
        });
      },
    };
  }
  const coreSide: Side<CoreToDevice, DeviceToCore> = side(() => deviceSide);
  const deviceSide: Side<DeviceToCore, CoreToDevice> = side(() => coreSide);
  return { core: coreSide, device: deviceSide };
}
