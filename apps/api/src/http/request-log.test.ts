import Fastify from "fastify";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { RequestLog, requestLogger } from "./request-log.ts";

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
}

/** A pino logger at `level` whose lines land in `lines`, and a count of its `child()` calls. */
function logger(level: string) {
  const lines: Line[] = [];
  const parent = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  const child = vi.spyOn(parent, "child");
  return { parent, lines, child };
}

describe("requestLogger", () => {
  it("makes no child for lines its parent would not write", () => {
    const { parent, lines, child } = logger("warn");
    const log = requestLogger(parent, { reqId: "req-1" }, {});
    log.info({ x: 1 }, "not written");
    log.debug("not written either");
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe("warn");
  });

  it("writes every line it does write with the request's bindings", () => {
    const { parent, lines, child } = logger("info");
    const log = requestLogger(parent, { reqId: "req-2" }, {});
    log.warn("first");
    log.info({ route: "/x" }, "second");
    log.debug("left out");
    expect(lines.map(({ msg, reqId, level }) => ({ msg, reqId, level }))).toEqual([
      { msg: "first", reqId: "req-2", level: 40 },
      { msg: "second", reqId: "req-2", level: 30 },
    ]);
    expect(lines[1]?.route).toBe("/x");
    expect(child).toHaveBeenCalledTimes(1);
  });

  it("keeps a level set on it, and its own children bound to the request", () => {
    const { parent, lines } = logger("warn");
    const log = requestLogger(parent, { reqId: "req-3" }, {});
    log.level = "debug";
    log.debug("now written");
    log.child({ step: "pay" }).warn("from a child");
    expect(parent.level).toBe("warn");
    expect(lines.map(({ msg, reqId }) => `${msg} ${reqId}`)).toEqual([
      "now written req-3",
      "from a child req-3",
    ]);
  });

  it("gives a route with its own level pino's child straight away", () => {
    const { parent, child } = logger("warn");
    requestLogger(parent, { reqId: "req-4" }, { level: "debug" });
    expect(child).toHaveBeenCalledTimes(1);
  });

  it("is what Fastify binds each request's lines with", async () => {
    const lines: Line[] = [];
    const app = Fastify({
      logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } },
      logController: new RequestLog(),
      childLoggerFactory: requestLogger,
    });
    app.get("/fails", async (request) => {
      request.log.warn("about to fail");
      throw new Error("broken");
    });
    await app.inject("/fails");
    await app.close();
    const ids = new Set(lines.filter((line) => line.reqId).map((line) => line.reqId));
    expect(lines.map((line) => line.msg)).toEqual(["about to fail", "broken", "request completed"]);
    expect(lines.every((line) => typeof line.reqId === "string")).toBe(true);
    expect(ids.size).toBe(1);
  });
});
