/**
 * True for PostgreSQL's unique_violation (SQLSTATE 23505), as pg and PGlite both report it: the
 * database settled a race between two writers, and the caller answers it (a 409, "taken").
 */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
