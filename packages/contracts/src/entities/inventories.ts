/** Shapes of inventories (spec 001 §7 Inventories): admin CRUD, count, properties, units, serviceable devices, tally/IFB, VR channel association, ingest account and servers. */
export {};
