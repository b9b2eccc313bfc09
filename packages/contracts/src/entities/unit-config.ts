/** Entities of the config calls (spec 000 §3, §7). */
export {};
