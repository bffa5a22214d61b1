import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pretty from "pino-pretty";
import type { ApiConfig } from "../config.ts";
import { requestLogFields } from "./log-redaction.ts";

/** The fields of a request line (see `RequestLog`). */
interface RequestLine {
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/**
 * Fastify's logger: JSON lines, or (LOG_FORMAT=pretty, a terminal) pino-pretty with one short line per
 * request: `GET /api/v1/orders/7 200 4 ms`. Addresses are redacted in both.
 */
export function loggerOptions(
  config: Pick<ApiConfig, "logLevel" | "logFormat">,
  stream?: { write(line: string): void },
) {
  return {
    level: config.logLevel,
    serializers: { req: requestLogFields },
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
