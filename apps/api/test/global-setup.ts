import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file of a migrated PGlite data directory's tarball (`helpers.ts`, `pgliteTemplate`). */
    pgliteTemplate: string;
    /** With DATABASE_URL: a migrated database on that server that test files copy (`freshDatabase`). */
    postgresTemplate: string | null;
  }
}

/**
 * Creates and migrates one database for the whole run; each test file starts from a copy of it, as
 * creating an embedded database is most of what building an app costs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pglite = await PGlite.create("memory://");
  await migrate({
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          query: async <Row>(sql: string, params?: readonly unknown[]) =>
            (await tx.query<Row>(sql, params as unknown[])).rows,
        }),
      ),
  });
  const tarball = await pglite.dumpDataDir("none");
  await pglite.close();
  const folder = mkdtempSync(path.join(tmpdir(), "paxelbox-template-"));
  const file = path.join(folder, "template.tar");
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
  project.provide("pgliteTemplate", file);

  const serverUrl = process.env.DATABASE_URL;
  let name: string | null = null;
  if (serverUrl) {
    name = `paxelbox_template_${randomBytes(6).toString("hex")}`;
    await admin(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const server = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
    await migrate(server);
    await server.close();
  }
  project.provide("postgresTemplate", name);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && name) await admin(serverUrl, `drop database if exists ${name} with (force)`);
  };
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
