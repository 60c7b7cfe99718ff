/** Which engine backs a {@link Database}: embedded PGlite or a PostgreSQL server. */
export type DatabaseEngine = 'pglite' | 'postgres';

/** Rows returned by a query, with the number of rows it returned or changed. */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** What both a database and an open transaction can do: parameterised queries and plain SQL scripts. */
export interface Queryable {
  /** Runs one statement with `$1, $2, ...` parameters. int8 and numeric come back as strings on both engines. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, fixtures). */
  exec(sql: string): Promise<void>;
}

/** The one database interface the server codes against; PGlite and PostgreSQL implement it identically. */
export interface Database extends Queryable {
  readonly engine: DatabaseEngine;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Not nestable. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (undefined on PGlite, whose one process needs no channel): calls `onNotify` with each `NOTIFY`
   * payload on `channel`, on a connection of its own that reconnects; with `undefined` after a reconnect, when
   * notifications may have been missed. Resolves, once listening, to the function that stops.
   */
  listen?(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  /** Releases the connections (or the embedded instance); the object is unusable afterwards. */
  close(): Promise<void>;
}
