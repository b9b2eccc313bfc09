/**
 * Batch upgrades from a CSV of at most 500 devices (spec 001 §5, §9; /batch_upgrade).
 */
export {};
