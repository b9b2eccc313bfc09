/** Entities of the actions calls (spec 000 §3, §7). */
export {};
