import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { Loader } from '@mantine/core';

/** The view of one kind of a section (system entities, system settings): each kind its own chunk, loaded when shown. */
export function KindView<K extends string>({ views, kind }: { readonly views: Record<K, ComponentType<{ readonly kind: K }>>; readonly kind: K }) {
  const View: ComponentType<{ readonly kind: K }> = views[kind];
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <View kind={kind} />
    </Suspense>
  );
}
