const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot exist are answered like foreign ones, without asking the database (a uuid column refuses them). */
export const isUuid = (id: string) => UUID.test(id);
