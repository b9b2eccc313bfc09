/** Shapes of remote actions (spec 001 §2 /remote_actions for partners and super users): support actions on devices of the caller's inventories. */
export {};
