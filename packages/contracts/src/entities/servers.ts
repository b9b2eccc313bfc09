/**
 * Request and answer shapes of the servers calls (spec 001 §3, §7); where the spec leaves a
 * shape "not shown", the shape here is the one the console's screens use.
 */
export {};
