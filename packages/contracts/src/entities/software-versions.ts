/**
 * Software versions (spec 001 §3 Software version; /sw_version; "software version exists").
 */
export {};
