/** Entities of the admin calls (spec 000 §3, §7). */
export {};
