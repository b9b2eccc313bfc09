/** Entities of the reads calls (spec 000 §3, §7). */
export {};
