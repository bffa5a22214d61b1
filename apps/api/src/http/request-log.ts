import type { FastifyBaseLogger, FastifyLogFn, LogLevel } from "fastify";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pretty from "pino-pretty";
import type { ApiConfig } from "../config.ts";
import { errorLogFields, requestLogFields } from "./log-redaction.ts";

/** The fields of a request line (see `RequestLog`). */
interface RequestLine {
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/**
 * Fastify's logger: JSON lines, or (LOG_FORMAT=pretty, a terminal) pino-pretty with one short line per
 * request: `GET /api/v1/orders/7 200 4 ms`. Addresses are redacted in both, and errors lose the values
 * a database error carries.
 */
export function loggerOptions(
  config: Pick<ApiConfig, "logLevel" | "logFormat">,
  stream?: { write(line: string): void },
) {
  return {
    level: config.logLevel,
    serializers: { req: requestLogFields, err: errorLogFields },
    ...(stream ? { stream } : config.logFormat === "pretty" ? { stream: prettyStream() } : {}),
  };
}

function prettyStream() {
  return pretty({
    sync: true,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestLine;
      return req && res
        ? `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime ?? 0)} ms`
        : String(log[messageKey] ?? "");
    },
  });
}

/** Pictures, fonts, scripts and styles: logged at debug, so `info` shows the calls people make. */
const assetType = /^(image|font)\/|^text\/css|javascript/;

/**
 * Fastify's request lines: one per request, when its response has been sent (no "incoming request"
 * line), with the redacted address, status and time; assets at debug.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      request.log.error({ ...line, err: error }, "request errored");
      return;
    }
    const asset = assetType.test(String(reply.getHeader("content-type") ?? ""));
    request.log[asset ? "debug" : "info"](line, "request completed");
  }
}

type Level = Exclude<LogLevel, "silent">;
const levels: readonly Level[] = ["fatal", "error", "warn", "info", "debug", "trace"];
type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;

/** The parent a request's logger binds to: pino, which can say whether a level writes anything. */
interface LevelAwareLogger extends FastifyBaseLogger {
  isLevelEnabled?: (level: string) => boolean;
}

/**
 * A request's logger that binds its request id only when a line is written (ADR 020 addendum):
 * pino's `child()` for every request was a fifth of the unchanged poll's time, and most requests
 * write no line at the levels a server runs at. A level the parent writes makes the real child on
 * its first line and then always goes through it, so every line still carries its `reqId`.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  declare fatal: FastifyLogFn;
  declare error: FastifyLogFn;
  declare warn: FastifyLogFn;
  declare info: FastifyLogFn;
  declare debug: FastifyLogFn;
  declare trace: FastifyLogFn;
  #real: FastifyBaseLogger | undefined;
  readonly #parent: LevelAwareLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: LevelAwareLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  /** The logger a line at `level` goes through; none when nothing would be written. */
  #at(level: Level): FastifyBaseLogger | undefined {
    if (this.#real || this.#parent.isLevelEnabled?.(level) !== false) return this.#logger();
    return undefined;
  }

  get level(): string {
    return this.#real?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  // One function per level on the prototype: nothing is made per request but the object itself.
  static {
    for (const level of levels) {
      LazyRequestLogger.prototype[level] = function (
        this: LazyRequestLogger,
        ...line: Parameters<FastifyLogFn>
      ) {
        this.#at(level)?.[level](...line);
      };
    }
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger as above. A route with its own level or
 * serializers gets pino's child straight away (its levels are not the parent's).
 */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined)
    return parent.child(bindings, options);
  return new LazyRequestLogger(parent, bindings, options);
}
