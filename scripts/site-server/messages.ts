/**
 * Every message the site server gives a client or prints, in one catalog: each is written
 * once, message functions only fill in values, and tests match the exact words. What a
 * visitor sees about a form field is not here: it comes from the form's schema (its
 * `errorMessage` entries, such as "Name is required").
 */
export const apiMessages = {
  notJsonObject: 'The request body is not a JSON object.',
  notUnicode: 'The request holds text that is not well-formed Unicode (a lone surrogate, or bytes that are not UTF-8).',
  badMultipart: 'The multipart body cannot be read: it is malformed or ends before its closing boundary.',
  extraFile: (field: string) => `An application carries one file, the CV, in the field named "cv"; it also held a file in "${field}".`,
  tooManyParts: 'The application has more parts than its form has fields.',
  wrongMediaType: (expected: string) => `Send this form as ${expected}.`,
  enquiryTooLarge: (kb: number) => `An enquiry may be at most ${kb} KB.`,
  applicationTooLarge: 'An application may carry a CV of at most 5 MB.',
  crossSite: 'This form only accepts submissions from the site’s own pages.',
  tooMany: (seconds: number) => `Too many submissions from this address; please try again in ${seconds} seconds.`,
  storeBusy: (seconds: number) => `The server is busy and saved nothing; please try again in ${seconds} seconds.`,
  uploadsBusy: (seconds: number) =>
    `The server is receiving many applications at once and saved nothing; please try again in ${seconds} seconds.`,
  uploadsFromClient: (count: number, seconds: number) =>
    `This address is already sending ${count} applications; please wait until they are answered, or try again in ${seconds} seconds.`,
  bodyStalled: (seconds: number) =>
    `The request stopped arriving (nothing moved for ${seconds} seconds), and nothing was saved. Please send it again.`,
  shuttingDown: (seconds: number) => `The server is restarting and saved nothing; please try again in ${seconds} seconds.`,
  storeFailed: 'The server could not save this submission, and nothing was saved. Please try again later or write to us by email.',
  internal: 'Something went wrong on the server; nothing was saved. Please try again later.',
  methodNotAllowed: (allowed: string) => `This address answers ${allowed} only.`,
  badRequest: 'The request cannot be read.',
} as const;

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

/** Lines the running server prints. Each is one line: a request's own trouble is no stack trace. */
export const logMessages = {
  buildFailed: 'Nothing is served: the site has the problems listed above. Fix them (npm run validate lists them again) and run npm start.',
  followOneProcess: '--follow serves from one process, which builds and switches to each new commit: leave WORKERS unset (or 1) with it.',
  serving: (url: string, storePath: string) => `Serving the site at ${url} (Ctrl+C to stop); form submissions go to ${storePath}`,
  portInUse: (host: string, port: number) =>
    `Port ${port} on ${host} is in use: stop the other server, or choose another port (PORT=8080 npm start).`,
  cannotListen: (host: string, port: number, code: string) => `Cannot listen on ${host}:${port} (${code}). Check HOST and PORT.`,
  aborted: (method: string, path: string, bytes: number) =>
    `${method} ${path}: the client closed the connection after ${bytes} bytes; nothing was saved.`,
  storeError: (code: string, detail: string) => `The store refused a write (${code}: ${detail}); the client was told nothing was saved.`,
  storeWorkerExit: (code: number) => `The store's writer stopped (exit code ${code}); starting it again.`,
  workerExit: (pid: number, code: number | null, signal: string | null) =>
    `Server process ${pid} stopped (${signal ?? `exit code ${code}`}); starting another.`,
  workersNeverStarted: (count: number, signal: string) =>
    `${count} server processes in a row were ended (${signal}) before they could start; stopping.`,
} as const;
