/**
 * What's new entries (spec 001 §2 /whats_new; spec 000 §2 user menu what's new).
 */
export {};
