/** A list's selection of rows by id (the group list, the unit's files, the upload progress dialog). */

/** Select or unselect one row. */
export function toggleSelected(selected: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  if (selected.has(id) === on) return selected;
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
