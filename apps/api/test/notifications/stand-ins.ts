import type { FastifyInstance } from "fastify";
import type { DeliveryOptions } from "../../src/notifications/worker.ts";

/**
 * What a test's own delivery rounds run with: the app's metrics and log, a fixed public origin and
 * jitter, four tries and a minute's lease, unless `overrides` says otherwise.
 */
export function deliveryOptions(
  app: FastifyInstance,
  senders: DeliveryOptions["senders"],
  overrides: Partial<DeliveryOptions> = {},
): DeliveryOptions {
  return {
    senders,
    metrics: app.metrics,
    log: app.log,
    publicOrigin: () => "https://paxelbox.example",
    maxAttempts: 4,
    leaseMs: 60_000,
    random: () => 0.5,
    ...overrides,
  };
}

/** A WhatsApp Cloud API status webhook about one message, as Meta posts it (unsigned). */
export function statusWebhook(
  id: string,
  status: "sent" | "delivered" | "read" | "failed",
  errors?: { code: number; title: string }[],
) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              statuses: [
                {
                  id,
                  status,
                  timestamp: "1764400000",
                  recipient_id: "6281122223333",
                  ...(errors ? { errors } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}
