/**
 * The update call most resources declare: the entity named by its `id` in the path, the form's
 * body sent with the version that was read (a stale version is refused as a conflict).
 */
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { op, type Op } from './op';

interface Versioned {
  readonly id: string;
  readonly version: number;
}

export function versionedUpdate<K extends EndpointId, V, E extends Versioned = EndpointOutput<K> & Versioned>(
  id: K,
  body: (values: V) => Omit<NonNullable<EndpointInput<K>['body']>, 'version'>,
): Op<{ readonly entity: E; readonly values: V }, EndpointOutput<K>> {
  // The path of every such call is `{id}` and its body takes `version`: the catalogue's types cannot say so of any K.
  return op(
    id,
    ({ entity, values }: { entity: E; values: V }) =>
      ({ params: { id: entity.id }, body: { ...body(values), version: entity.version } }) as Partial<EndpointInput<K>>,
  );
}
