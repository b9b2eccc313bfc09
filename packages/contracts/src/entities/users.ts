/** Shapes of user accounts (spec 001 §3 User, §5 user rules, §6): list, create, update, deactivate, delete, inventories and groups, password policy. */
export {};
