/**
 * Shares (spec 001 §3 Publisher, Subscriber / folder, Share link; §5 rules; /publishers and /subscribers).
 */
export {};
