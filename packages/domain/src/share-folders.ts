/**
 * Subscriber folders (spec 001 §3 Subscriber / folder): a tree per inventory under a root folder.
 * What the core checks and the console offers alike: a folder cannot move under itself or below it.
 */

/** The folder `id` and every folder below it, from the inventory's folders' parent links. */
export function folderAndBelow(folders: readonly { readonly id: string; readonly parentId: string | null }[], id: string): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of folders) {
      if (f.parentId !== null && out.has(f.parentId) && !out.has(f.id)) {
        out.add(f.id);
        grew = true;
      }
    }
  }
  return out;
}
