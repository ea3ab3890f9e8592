// Where `npm start` listens unless told otherwise (docs/README.md). Its own module so the CLI can read
// the defaults without loading the whole server first.
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
