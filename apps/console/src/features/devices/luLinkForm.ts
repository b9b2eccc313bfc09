/**
 * The LU-Link forms (spec 001 §7 Point-to-point) as data, pure: a link's form (name, kind, machines
 * and, on creation, the groups it is shared with) and its group sharing (the groups and the
 * selected ones), each declared as kit fields, turned into the call's body, and checked before
 * sending with the call's own schema (the spec's messages, contracts VALIDATION) plus the rules the
 * core adds in the same words:
 *
 * - a `ptp` link has exactly one machine, a `ptmp` link one or more (at most 32);
 * - a machine is not the master and is named once;
 * - the selected groups are among the shared ones.
 *
 * The core's field errors (`machines.0.uid`, `groupIds.2`) are shown under the field they belong to.
 */
import { CreateP2pLinkBody, P2P_KINDS, P2P_LIMITS, SetP2pLinkGroupsBody, UpdateP2pLinkBody, VALIDATION } from '@fleet/contracts';
import type { P2pKind, P2pLink, P2pLinkGroup, UnitSummary } from '@fleet/contracts';
import { schemaCheck, type Field, type Option } from '../../kit/formRules';
import { mergeErrors, type FieldErrors } from '../../lib/forms/fieldErrors';

// ── the link ─────────────────────────────────────────────────────────────────────────────────────

export interface LinkForm {
  readonly name: string;
  readonly kind: P2pKind;
  /** The machines' unique ids (the master excluded). */
  readonly machines: readonly string[];
  /** The groups the link is shared with (creation only: later through its groups). */
  readonly groupIds: readonly string[];
}

export function linkForm(link: P2pLink | null): LinkForm {
  if (link === null) return { name: '', kind: 'ptp', machines: [], groupIds: [] };
  return { name: link.name, kind: link.kind, machines: link.machines.map((m) => m.uid), groupIds: link.groupIds };
}

/** POST v2/p2p/{id} ({id}: the master unit). No `groupIds` when none is chosen. */
export function createLinkBody(form: LinkForm): CreateP2pLinkBody {
  return {
    name: form.name.trim(),
    kind: form.kind,
    machines: form.machines.map((uid) => ({ uid })),
    ...(form.groupIds.length > 0 ? { groupIds: [...form.groupIds] } : {}),
  };
}

/** PUT v2/p2p/{id}: name, kind and machines, with the version the form was opened on. */
export function updateLinkBody(form: LinkForm, version: number): UpdateP2pLinkBody {
  return { name: form.name.trim(), kind: form.kind, machines: form.machines.map((uid) => ({ uid })), version };
}

/** How many machines a link of this kind takes. */
export function machinesMax(kind: P2pKind): number {
  return kind === 'ptp' ? 1 : P2P_LIMITS.ptmpMachinesMax;
}

/** What the form's choices offer: the units that may be machines, the groups to share with. */
export interface LinkChoices {
  readonly units: readonly Option[];
  readonly groups: readonly Option[];
}

const NO_CHOICES: LinkChoices = { units: [], groups: [] };

/** The link form's fields; the machines' maximum follows the kind chosen. */
export function linkFields(kind: P2pKind, choices: LinkChoices): readonly Field<LinkForm>[] {
  return [
    { name: 'name', kind: 'text', label: 'devices.luLink.form.name', required: true },
    {
      name: 'kind',
      kind: 'select',
      label: 'devices.luLink.form.kind',
      required: true,
      options: (t) => P2P_KINDS.map((k) => ({ value: k, label: t(`devices.luLink.kinds.${k}`) })),
    },
    { name: 'machines', kind: 'multiselect', label: 'devices.luLink.form.machines', required: true, options: () => choices.units, max: machinesMax(kind) },
    { name: 'groupIds', kind: 'multiselect', label: 'devices.luLink.form.groups', options: () => choices.groups, only: 'create' },
  ];
}

/**
 * The units a link of `master` may take as machines: every visible unit but the master, by name;
 * a machine the list does not hold (a unit no longer visible) stays, named by its id.
 */
export function machineOptions(units: readonly UnitSummary[], master: string | null, chosen: readonly string[]): Option[] {
  const offered = units
    .filter((u) => u.uniqueId !== master)
    .map((u) => ({ value: u.uniqueId, label: `${u.name} (${u.uniqueId})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const unknown = chosen.filter((uid) => !offered.some((o) => o.value === uid)).map((uid) => ({ value: uid, label: uid }));
  return [...offered, ...unknown];
}

/** The core's rules on machines (spec 001 §7, the core's words): ptp takes one; none is the master or named twice. */
export function machineRules(master: string | null, form: LinkForm): FieldErrors {
  if (form.kind === 'ptp' && form.machines.length > 1) return { machines: VALIDATION.invalidField };
  const repeated = form.machines.some((uid, i) => uid === master || form.machines.indexOf(uid) !== i);
  return repeated ? { machines: VALIDATION.invalidField } : {};
}

const RULE_FIELDS = linkFields('ptmp', NO_CHOICES);

/** A new link's rules: the required fields, the create call's schema, then the machines' rules. */
export function checkNewLink(master: string): (form: LinkForm) => FieldErrors {
  const schema = schemaCheck(RULE_FIELDS, CreateP2pLinkBody, createLinkBody);
  return (form) => mergeErrors(schema(form), machineRules(master, form));
}

/** A link's change: the same with the update call's schema (no groups: they are shared apart). */
export function checkLinkChange(master: string | null): (form: LinkForm) => FieldErrors {
  const schema = schemaCheck(
    RULE_FIELDS.filter((f) => f.only !== 'create'),
    UpdateP2pLinkBody,
    (form: LinkForm) => updateLinkBody(form, 0),
  );
  return (form) => mergeErrors(schema(form), machineRules(master, form));
}

// ── its groups ───────────────────────────────────────────────────────────────────────────────────

export type GroupsForm = ReturnType<typeof groupsForm>;

/** The form from GET v2/p2p/{id}/groups (the groups the user sees). */
export function groupsForm(groups: readonly P2pLinkGroup[]) {
  return { groupIds: groups.map((g) => g.id), selectedGroupIds: groups.filter((g) => g.selected).map((g) => g.id) };
}

/** PUT v2/p2p/{id}/groups. */
export function groupsBody(form: GroupsForm): SetP2pLinkGroupsBody {
  return { groupIds: [...form.groupIds], selectedGroupIds: [...form.selectedGroupIds] };
}

/** Both fields offer the user's groups; a selected one must also be shared. */
export function groupsFields(groups: readonly Option[]): readonly Field<GroupsForm>[] {
  return [
    { name: 'groupIds', kind: 'multiselect', label: 'devices.luLink.form.groups', options: () => groups },
    { name: 'selectedGroupIds', kind: 'multiselect', label: 'devices.luLink.form.selectedGroups', options: () => groups },
  ];
}

/** The groups' rules: the call's schema, then "selected ⊆ shared" (the core's words: Invalid field). */
export function checkGroups(form: GroupsForm): FieldErrors {
  const schema = schemaCheck(groupsFields([]), SetP2pLinkGroupsBody, groupsBody)(form);
  const outside = form.selectedGroupIds.some((id) => !form.groupIds.includes(id));
  return mergeErrors(schema, outside ? { selectedGroupIds: VALIDATION.invalidField } : {});
}

/** The groups a user may pick: theirs, and those the link is shared with already, by name. */
export function groupOptions(
  mine: readonly { readonly id: string; readonly name: string }[],
  shared: readonly { readonly id: string; readonly name: string }[] = [],
): Option[] {
  const byId = new Map<string, string>();
  for (const g of [...mine, ...shared]) if (!byId.has(g.id)) byId.set(g.id, g.name);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value));
}

// ── the core's answer ───────────────────────────────────────────────────────────────────────────

/**
 * The core's field errors (already without `body.`) under the form's fields: `machines.0.uid` under
 * `machines`, `groupIds.2` under `groupIds`; the first message of each field is kept, other paths
 * stay as they are (the form shows them in its alert).
 */
export function errorsByField(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = fields.find((f) => path === f || path.startsWith(`${f}.`)) ?? path;
    if (!(field in out)) out[field] = message;
  }
  return out;
}
