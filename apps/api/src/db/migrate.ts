import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, type Queryable, withoutBounds } from "./database.ts";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Lock key shared by every API instance so that only one migrates or seeds at a time. */
export const schemaLockKey = 72_617_001;

/** The SQL files of `migrations/`, in the order they apply. */
const files = readdirSync(migrationsDir)
  .filter((name) => name.endsWith(".sql"))
  .sort();

/** Migrations this code expects that the database has not applied (none once `migrate` has run). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const applied = new Set(
    (await db.query<{ version: string }>("select version from schema_migrations")).map((row) => row.version),
  );
  return files.filter((file) => !applied.has(file));
}

/** Applies the SQL files of `migrations/` that have not run yet, in name order, each in its own transaction. */
export async function migrate(db: Pick<Database, "transaction">): Promise<string[]> {
  return db.transaction(async (tx) => {
    await withoutBounds(tx);
    await tx.query("select pg_advisory_xact_lock($1)", [schemaLockKey]);
    await tx.query(
      "create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())",
    );
    const done = new Set(
      (await tx.query<{ version: string }>("select version from schema_migrations")).map(
        (row) => row.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(migrationsDir, file), "utf8");
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query("insert into schema_migrations (version) values ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}

/**
 * Splits a migration on semicolons at line ends (one statement per `;`-terminated block); a function
 * body between `$$` quotes is kept whole.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split("\n")) {
    if (!inBody && /^\s*--/.test(line)) continue;
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join("\n").replace(/;\s*$/, "").trim());
      current = [];
    }
  }
  statements.push(current.join("\n").trim());
  return statements.filter(Boolean);
}
