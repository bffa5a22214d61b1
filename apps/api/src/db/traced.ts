import { type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Database, Queryable } from "./database.ts";

/**
 * The database with a span per query and per transaction (`telemetry/traces.ts`). The same wrapper
 * serves the embedded database and a PostgreSQL server, so a trace reads the same on both. The SQL
 * is recorded as written, with `$n` placeholders: parameter values (names, phones, tokens) never
 * reach a span. Without a configured tracer the API's no-op tracer makes this a pass-through.
 */
const tracer = trace.getTracer("paxelbox-database");

/** `SELECT`, `INSERT`…: the span's name, from the statement's first word. */
function operationOf(sql: string): string {
  return /^\s*(?:with\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? "QUERY";
}

async function inSpan<T>(name: string, attributes: Record<string, string>, work: (span: Span) => Promise<T>) {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

function tracedQueryable(queryable: Queryable, kind: Database["kind"]): Queryable {
  return {
    query<Row>(sql: string, params?: readonly unknown[]) {
      const operation = operationOf(sql);
      return inSpan(
        operation,
        {
          "db.system.name": "postgresql",
          "db.operation.name": operation,
          "db.query.text": sql,
          "paxelbox.database": kind,
        },
        () => queryable.query<Row>(sql, params),
      );
    },
  };
}

export function traced(db: Database): Database {
  const queries = tracedQueryable(db, db.kind);
  return {
    kind: db.kind,
    query: queries.query,
    transaction(work) {
      return inSpan("TRANSACTION", { "db.system.name": "postgresql", "paxelbox.database": db.kind }, () =>
        db.transaction((tx) => work(tracedQueryable(tx, db.kind))),
      );
    },
    pool: () => db.pool(),
    subscribe: (subscriber) => db.subscribe(subscriber),
    listening: () => db.listening(),
    close: () => db.close(),
  };
}
