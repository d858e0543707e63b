/** The name of the device database: its schema (local-db.ts) and its lazy opener (local-db-access.ts) share it. */
export const LOCAL_DB_NAME = 'roost'
