/** Shapes of group alerts configuration (spec 001 §7 Groups: v2/groups/{id}/alerts/configuration; §4 alerts configuration modes, e-mail recipient verification). */
export {};
