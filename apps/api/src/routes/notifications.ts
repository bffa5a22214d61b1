import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { NotificationsConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { httpError, unauthorized } from "../http/errors.ts";
import { keepRawJsonBody, rawBody } from "../http/raw-body.ts";
import { mountCall } from "../http/route.ts";
import { recordStatuses, verifyTokenMatches, verifyWebhookSignature } from "../notifications/webhook.ts";

/**
 * The WhatsApp webhook: the subscription handshake (GET) and the signed delivery statuses (POST).
 * The signature is checked on the raw bytes, before the body is read; with notifications off both
 * refuse everything.
 */
export function notificationRoutes(app: FastifyInstance, db: Database, config: NotificationsConfig): void {
  const on = config.whatsapp !== "off";

  mountCall(app, calls.whatsappWebhookVerification, async ({ query }) => {
    if (
      on &&
      query["hub.mode"] === "subscribe" &&
      verifyTokenMatches(config.verifyToken, query["hub.verify_token"])
    ) {
      return query["hub.challenge"];
    }
    throw httpError(403, "webhookVerifyTokenWrong");
  });

  app.register(async (scope) => {
    keepRawJsonBody(scope);
    // Before validation: a forged or unsigned webhook is 401 whatever its body.
    scope.addHook("preValidation", async (request) => {
      const signature = request.headers["x-hub-signature-256"];
      if (
        !on ||
        !verifyWebhookSignature(
          config.appSecret,
          rawBody(request),
          Array.isArray(signature) ? signature[0] : signature,
        )
      ) {
        throw unauthorized("notificationSignatureInvalid");
      }
    });
    mountCall(scope, calls.whatsappWebhook, async ({ body }) =>
      recordStatuses(db, body, app.metrics, config.sms !== "off"),
    );
  });
}
