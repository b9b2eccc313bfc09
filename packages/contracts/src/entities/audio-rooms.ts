/** Shapes of audio rooms (spec 001 §3 Audio room; IFB and tally): create, update, delete, participants, intercom flag; counts per inventory. */
export {};
