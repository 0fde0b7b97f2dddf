/** PostgreSQL's SQLSTATE of a failed query (pg and PGlite both expose it as `code`). */
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** A unique constraint refused the row: someone else got there first. */
export const isUniqueViolation = (err: unknown) => codeOf(err) === "23505";

/** A foreign key refused the row: what it points at is gone. */
export const isForeignKeyViolation = (err: unknown) => codeOf(err) === "23503";
