/**
 * A resource declaration: everything a console screen of one kind of entity needs, said once — the
 * list call with its search keys, sort and columns; the read of one entity; the create, update and
 * delete calls; the form (fields, initial values, the contract's rules); the realtime events that
 * make its reads stale; its tabs (an association declared with kit/Association `associationTab`,
 * or a panel of the screen's own). `ResourcePage` turns it into the list page (search, sort on the
 * server, paging, empty state, total), the create/edit modal with the spec's messages, the
 * mutations with their toasts, the confirmation of deletes, the live refresh and the role gating (a
 * button or tab shows only when the catalogue lets the user make its call). A kind varies by what
 * it needs: parameterised by a function that returns its declaration (the servers of one type),
 * a row that opens as listed (`fromRow`), a modal that stays with the entity (`reopen`), a modal of
 * a screen's own (`dialog`).
 *
 * Screens that need more (the unit detail, the map, multiview, the channel modal) compose the
 * kit's parts (ResourceList, ResourceForm, FormPanel, useResourceMutations) instead.
 */
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { EndpointId } from '@fleet/contracts';
import type { ListColumn } from './ListTable';
import type { FieldErrors } from '../lib/forms/fieldErrors';
import type { Page } from './cache';
import type { Field, TextKey } from './formRules';
import type { Op } from './op';

/** The list state: search, sort (on the server) and page. */
export interface ListView {
  readonly searchKey: string;
  readonly searchValue: string;
  readonly sortBy: string;
  readonly sortDir: 'asc' | 'desc';
  readonly page: number;
}

/** Rows per page of every searchable list (spec 000 §9, 001 §9: search page size 50). */
export const PAGE_SIZE = 50;

/**
 * The paging, sort and search query of a searchable list call, with the view's search key and sort
 * key narrowed to the ones the call takes (`searchKeys`, `sortKeys`: the call's own enums); pages of
 * `pageSize` rows (the search page size unless the declaration says otherwise).
 */
export function searchQuery<K extends string, S extends string>(view: ListView, searchKeys: readonly K[], sortKeys: readonly S[], pageSize = PAGE_SIZE) {
  const searchKey = searchKeys.find((k) => k === view.searchKey);
  const sortBy = sortKeys.find((k) => k === view.sortBy);
  const searchValue = view.searchValue.trim();
  return {
    offset: (view.page - 1) * pageSize,
    limit: pageSize,
    sortDir: view.sortDir,
    ...(sortBy === undefined ? {} : { sortBy }),
    ...(searchKey === undefined || searchValue === '' ? {} : { searchKey, searchValue }),
  };
}

/**
 * The paging, sort and search query of a list call that searches without a key (its search value
 * matches any of its fields: the platform settings, the admin pages), the sort key narrowed to the
 * call's `sortKeys`.
 */
export function searchValueQuery<S extends string>(view: ListView, sortKeys: readonly S[]) {
  const sortBy = sortKeys.find((k) => k === view.sortBy);
  const searchValue = view.searchValue.trim();
  return {
    offset: (view.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    sortDir: view.sortDir,
    ...(sortBy === undefined ? {} : { sortBy }),
    ...(searchValue === '' ? {} : { searchValue }),
  };
}

export interface ResourceTab<E> {
  readonly value: string;
  readonly label: TextKey;
  /** The tab shows only to whom the catalogue lets make this call (its read). */
  readonly call?: EndpointId;
  readonly render: (entity: E) => ReactNode;
}

/**
 * One kind of entity. `Row` is what the list shows, `E` the entity its read answers, `V` the
 * form's values.
 */
export interface Resource<Row, E, V> {
  /** Test id prefix of the list (`<testId>-list`, `-row-<key>`, `-new`, …). */
  readonly testId: string;
  /** Test id prefix of the modal and its fields (`<formTestId>-modal`, `-<field>`, `-save`, …); default `testId`. */
  readonly formTestId?: string;
  /**
   * The modal's titles: a new entity's, and an existing one's (with `{{name}}`); `noun` names one in
   * toasts; `created`: a create's toast (with `{{name}}`) when not "<noun> <name> created".
   */
  readonly titles: { readonly new: TextKey; readonly edit: TextKey; readonly noun: TextKey; readonly created?: TextKey };
  readonly rowKey: (row: Row) => string;
  /** The name toasts and titles show. */
  readonly label: (entity: E) => string;
  readonly list: {
    readonly op: Op<ListView, Page<Row>>;
    /** The call's search keys; the first is the default. */
    readonly searchKeys: readonly string[];
    /** A search key's label where no column has its id or sort key. */
    readonly searchLabels?: Readonly<Record<string, TextKey>>;
    readonly defaultSort?: string;
    /** Rows per page where the call's default is not the search page size (the audio rooms' 100, spec 001 §9). */
    readonly pageSize?: number;
  };
  readonly columns: (t: TFunction) => readonly ListColumn<Row>[];
  /** Reads one entity (the edit modal); without it (nor `fromRow`) rows do not open. */
  readonly get?: Op<string, E>;
  /** A kind the catalogue has no read of one for: its row opens as listed. */
  readonly fromRow?: (row: Row) => E;
  readonly form?: {
    readonly fields: readonly Field<V>[];
    readonly initial: (entity: E | null) => V;
    /**
     * The contract's rules in the spec's words (kit/fields `schemaCheck` for the usual case);
     * `listed`: the rows the list shows, for a rule among them (a name unique in the list; RowButtonsPage passes them).
     */
    readonly check: (values: V, entity: E | null, listed?: readonly Row[]) => FieldErrors;
  };
  readonly create?: Op<V, E>;
  readonly update?: Op<{ readonly entity: E; readonly values: V }, E>;
  readonly remove?: Op<E, unknown>;
  /** Other reads a create, save or delete makes stale (the list and the read always are). */
  readonly stale?: readonly EndpointId[];
  /**
   * The modal stays with the entity: a new one opens by this key once created (its tabs), a save
   * keeps it open. Without it a create or save closes the modal.
   */
  readonly reopen?: (entity: E) => string;
  /** Tabs after the general one in the edit modal (associations). */
  readonly tabs?: readonly ResourceTab<E>[];
  /**
   * A kind whose modal is a screen's own instead of the kit's form (users: the modal of /users): it
   * gets the open entity's key (null: a new one), a close and a way to show another; New shows to
   * whom the catalogue lets make `create`.
   */
  readonly dialog?: { readonly create: EndpointId; readonly render: (key: string | null, close: () => void, show: (key: string) => void) => ReactNode };
}

/** Declares a resource (an identity that lets TypeScript infer `Row`, `E` and `V`). */
export function defineResource<Row, E, V>(resource: Resource<Row, E, V>): Resource<Row, E, V> {
  return resource;
}
