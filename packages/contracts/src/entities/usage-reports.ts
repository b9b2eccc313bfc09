/**
 * Usage reports by data and time (spec 001 §2 /reports; §4 usage kinds).
 */
export {};
