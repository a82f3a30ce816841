/**
 * Why the store cannot open, on either engine, in one catalog: one line each, saying where, what
 * is wrong and what to do; store-open-error.ts picks the line for an error's code.
 */
/** One line for each way opening the store can fail: the path, what is wrong, what to do. */
export const storeStartMessages: Record<string, (path: string) => string> = {
  SQLITE_NOTADB: (path) =>
    `${path} is not an SQLite database (another kind of file, or damaged beyond recognition). Move it aside, or set STORE_PATH to a new file, and start again.`,
  SQLITE_CORRUPT: (path) =>
    `${path} is damaged (SQLite reports it corrupt). Restore it from a backup, or move it aside and start again with an empty store.`,
  SQLITE_BUSY: (path) =>
    `${path} is locked by another process. Stop the program that holds it (another server, an open sqlite3 shell) and start again.`,
  SQLITE_READONLY: (path) =>
    `${path} can be read but not written. Give this user write access to the file and its folder, or set STORE_PATH to a writable place.`,
  SQLITE_CANTOPEN: (path) =>
    `${path} cannot be opened. Check that its folder exists and is writable, or set STORE_PATH to a writable place.`,
  EACCES: (path) =>
    `${path} cannot be created: permission denied. Give this user write access to its folder, or set STORE_PATH to a writable place.`,
  EROFS: (path) => `${path} is on a read-only file system. Set STORE_PATH to a writable place.`,
  ENOTDIR: (path) => `${path} cannot be created: part of its path is a file, not a folder. Set STORE_PATH to another place.`,
};

/** The line for a store that fails to open for a reason the catalog does not name. */
export const storeStartFallback = (path: string, code: string, detail: string): string =>
  `${path} cannot be used as the store (${code}: ${detail}). Set STORE_PATH to another file, or move this one aside.`;

/**
 * One line for each way reaching the store in PostgreSQL (DATABASE_URL) can fail; `where` is the
 * URL without its password.
 */
export const postgresStartMessages: Record<string, (where: string) => string> = {
  NOT_POSTGRES_URL: (where) =>
    `DATABASE_URL is not a PostgreSQL address (it is ${where}). Write it as postgres://user:password@host:5432/database, or leave it unset to keep submissions in SQLite.`,
  ECONNREFUSED: (where) =>
    `Nothing answers at ${where} (connection refused). Start PostgreSQL there, or correct the host and port in DATABASE_URL.`,
  ENOTFOUND: (where) => `The host of ${where} is not known. Correct the host name in DATABASE_URL.`,
  ETIMEDOUT: (where) => `${where} does not answer (timed out). Check that PostgreSQL runs there and that no firewall is in the way.`,
  '28P01': (where) => `PostgreSQL at ${where} refused the user name or password. Correct them in DATABASE_URL.`,
  '28000': (where) =>
    `PostgreSQL at ${where} does not let this user in (pg_hba.conf has no entry for it). Allow it there, or use another user in DATABASE_URL.`,
  '3D000': (where) => `The database of ${where} does not exist. Create it (createdb <name>), or correct its name in DATABASE_URL.`,
  '42501': (where) =>
    `The user of ${where} may not create the store's tables there. Grant it CREATE on the schema, or use the database's owner in DATABASE_URL.`,
};

/** The line for a PostgreSQL store that fails to open for a reason the catalog does not name. */
export const postgresStartFallback = (where: string, code: string, detail: string): string =>
  `${where} cannot be used as the store (${code}: ${detail}). Check DATABASE_URL.`;
