/**
 * For the Simulator panel's component tests: the control plane's hooks on the app's QueryClient, as
 * the Simulator page provides them, and the fake core's answers in tRPC's wire format.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createControlPlaneReactClient, trpc } from '../features/simulator/trpc';

export function ControlPlane({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(createControlPlaneReactClient);
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      {children}
    </trpc.Provider>
  );
}

/** A procedure's answer. */
export function answered(data: unknown): { status: number; body: unknown } {
  return { status: 200, body: { result: { data } } };
}

/** A procedure's refusal with the core's message and its tRPC code. */
export function refused(httpStatus: number, code: string, message: string): { status: number; body: unknown } {
  return { status: httpStatus, body: { error: { message, code: -32600, data: { code, httpStatus } } } };
}
