import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect,
  type Kysely,
} from 'kysely';

/** A write could not get SQLite's write lock before its deadline: another process (an import) holds it. */
export class DatabaseBusyError extends Error {
  constructor(readonly retryAfterSeconds: number, options?: { cause?: unknown }) {
    super('The database is busy with another write.', options);
    this.name = 'DatabaseBusyError';
  }
}

export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

const firstPauseMs = 2;
const longestPauseMs = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Mutex {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  get held(): boolean {
    return this.#held !== null;
  }

  unlock(): void {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }
}

/**
 * Kysely's SQLite driver, except that waiting for the write lock never happens inside better-sqlite3:
 * the connection runs with a busy timeout of 0, and a statement refused with SQLITE_BUSY is retried
 * after a timer, with the connection handed back meanwhile so reads (which WAL never blocks) go on.
 * Transactions begin IMMEDIATE, so the lock is taken (and waited for) at BEGIN, where nothing has been
 * done yet and a retry is safe; inside the transaction no statement can meet a busy lock. Past the
 * deadline the statement fails with DatabaseBusyError, which the server answers with a 503.
 */
class WaitingSqliteDriver implements Driver {
  readonly #mutex: Mutex;
  readonly #connection: WaitingSqliteConnection;

  constructor(
    private readonly database: BetterSqlite3.Database,
    mutex: Mutex,
    connection: WaitingSqliteConnection,
  ) {
    this.#mutex = mutex;
    this.#connection = connection;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(): Promise<void> {
    // SQLite rolls back by itself after some failures (SQLITE_FULL among them); a second rollback would
    // fail with "no transaction is active" and hide the failure that caused it.
    if (!this.database.inTransaction) return;
    await this.#connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.database.close();
  }
}

class WaitingSqliteConnection implements DatabaseConnection {
  constructor(
    private readonly database: BetterSqlite3.Database,
    private readonly mutex: Mutex,
    private readonly deadlineMs: number,
  ) {}

  /**
   * A read answered at once, without Kysely's connection hand-over (a lock, several promises and
   * microtask turns: more than the indexed read itself costs), when nothing holds the connection and no
   * transaction is open; null otherwise, or for a write, or when the file is busy: then the caller takes
   * the usual way, which waits.
   */
  readNow<R>(compiledQuery: CompiledQuery): QueryResult<R> | null {
    if (this.mutex.held || this.database.inTransaction) return null;
    const statement = this.#prepare(compiledQuery.sql);
    if (!statement.reader) return null;
    try {
      return { rows: statement.all(compiledQuery.parameters) as R[] };
    } catch (error) {
      if (isSqliteBusy(error)) return null;
      throw error;
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Inside a transaction the lock is already held (BEGIN IMMEDIATE) and the connection must not be
    // handed to anyone else, so a busy answer there is final.
    if (this.database.inTransaction) return this.#run<R>(compiledQuery);
    const deadline = performance.now() + this.deadlineMs;
    for (let pauseMs = firstPauseMs; ; pauseMs = Math.min(pauseMs * 2, longestPauseMs)) {
      try {
        return this.#run<R>(compiledQuery);
      } catch (error) {
        if (!(error instanceof DatabaseBusyError)) throw error;
        const left = deadline - performance.now();
        if (left <= 0) throw error;
        this.mutex.unlock();
        try {
          await pause(Math.min(pauseMs, left));
        } finally {
          await this.mutex.lock();
        }
      }
    }
  }

  /**
   * Statements prepared once per SQL text: preparing costs more than running a small indexed read.
   * Bounded, as some texts vary (IN lists of any length).
   */
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  #prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.database.prepare(sql);
      if (this.#statements.size >= 500) this.#statements.clear();
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    try {
      const statement = this.#prepare(sql);
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      throw new DatabaseBusyError(Math.max(1, Math.ceil(this.deadlineMs / 1000)), { cause: error });
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const statement = this.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}

/** SqliteDialect with the waiting driver. */
export class WaitingSqliteDialect implements Dialect {
  readonly #mutex = new Mutex();
  readonly #connection: WaitingSqliteConnection;

  constructor(
    private readonly database: BetterSqlite3.Database,
    deadlineMs: number,
  ) {
    this.#connection = new WaitingSqliteConnection(database, this.#mutex, deadlineMs);
  }

  createDriver(): Driver {
    return new WaitingSqliteDriver(this.database, this.#mutex, this.#connection);
  }

  /** See WaitingSqliteConnection.readNow. */
  readNow<R>(compiledQuery: CompiledQuery): QueryResult<R> | null {
    return this.#connection.readNow<R>(compiledQuery);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}
