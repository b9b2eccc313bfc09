/** Shapes of groups (spec 001 §7 Groups): lists, admin CRUD, members and associations, fetch_details/update/add/remove, default configuration, multiChannels. */
export {};
