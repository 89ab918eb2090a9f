/**
 * Errors as they may appear in a log: never the data a failing statement carried.
 *
 * A database error brings its bound parameters (`params`, PGlite), the failing row (`detail`:
 * "Failing row contains (Camille, camille@…)"), the PL/pgSQL context (`where`) and values quoted
 * after a colon in its message ('invalid input syntax for type uuid: "…"'). A candidate's name,
 * email, phone, address or a password hash would end up in the error log. What stays is enough
 * to find the fault: the SQLSTATE code, the constraint, table and column, and the stack.
 */

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  /** Database errors: where it failed, never with which values. */
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  routine?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
}

const DATABASE_FIELDS = ['severity', 'schema', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;

/** A PostgreSQL error (pg or PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(error: object): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** A database message up to its first ": ", where PostgreSQL puts the offending value. */
function databaseMessage(message: string): string {
  const cut = message.indexOf(': ');
  return cut === -1 ? message : `${message.slice(0, cut)}: [value removed]`;
}

/** The stack with its first line (the message, possibly over several lines) replaced. */
function restack(stack: string | undefined, headline: string): string | undefined {
  if (!stack) return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [headline, ...frames].join('\n');
}

export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    // Whatever was thrown: its kind only, the value may be anything.
    return { type: typeof error, message: 'a non-Error value was thrown' };
  }
  const database = isDatabaseError(error);
  const type = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
  const message = database ? databaseMessage(error.message) : error.message;
  const logged: LoggedError = { type, message, stack: database ? restack(error.stack, `${error.name}: ${message}`) : error.stack };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string') logged.code = code;
  if (typeof statusCode === 'number') logged.statusCode = statusCode;
  if (database) {
    for (const field of DATABASE_FIELDS) {
      const value = (error as unknown as Record<string, unknown>)[field];
      if (typeof value === 'string') logged[field] = value;
    }
  }
  // A bounded walk: a cause cycle must not hang the logger.
  if (depth < 5 && error.cause !== undefined) logged.cause = safeError(error.cause, depth + 1);
  if (depth < 5 && error instanceof AggregateError) logged.errors = error.errors.slice(0, 10).map((inner) => safeError(inner, depth + 1));
  return logged;
}
