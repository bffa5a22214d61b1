import type { ApiConfig } from "../config.ts";
import { type GatewayName, GatewayUnavailable, type PaymentGateway } from "./gateway.ts";
import { midtransEndpoints, midtransGateway } from "./midtrans-gateway.ts";
import { snapKeys } from "./sandbox/development-keys.ts";
import type { GatewayLookup } from "./service.ts";
import { snapGateway } from "./snap-gateway.ts";

/**
 * The gateways of this installation. Midtrans (non-interface flow) and the SNAP BI bank (bank-
 * interface flow) are the sandbox's by default — reached at the site's origin during a request, and
 * at `selfOrigin()` (this instance's own address) when the reconciliation job asks — or the real
 * services when configured. Adapters are kept per base URL, so a SNAP access token is reused.
 */
export function paymentGateways(config: ApiConfig, selfOrigin: () => string | undefined): GatewayLookup {
  const cache = new Map<string, PaymentGateway>();
  const keep = (key: string, make: () => PaymentGateway) => {
    let gateway = cache.get(key);
    if (!gateway) {
      gateway = make();
      cache.set(key, gateway);
    }
    return gateway;
  };
  const sandbox = (origin: string | undefined) => {
    const base = origin ?? selfOrigin();
    if (!base) throw new GatewayUnavailable("The sandbox gateway's address is not known yet.");
    return base.replace(/\/$/, "");
  };
  const { payments } = config;
  return (name: GatewayName, origin?: string) => {
    if (name === "snap") {
      const baseUrl = payments.snapBaseUrl ?? `${sandbox(origin)}/demo/snap`;
      const keys = snapKeys(config);
      return keep(`snap ${baseUrl}`, () =>
        snapGateway({
          baseUrl,
          partnerId: payments.snapPartnerId,
          clientSecret: payments.snapClientSecret,
          channelId: payments.snapChannelId,
          privateKey: keys.partnerPrivateKey,
          gatewayPublicKey: keys.gatewayPublicKey,
        }),
      );
    }
    const endpoints =
      payments.gateway === "midtrans"
        ? midtransEndpoints[payments.midtransProduction ? "production" : "sandbox"]
        : {
            snapBaseUrl: `${sandbox(origin)}/demo/midtrans/snap`,
            apiBaseUrl: `${sandbox(origin)}/demo/midtrans`,
          };
    return keep(`midtrans ${endpoints.apiBaseUrl}`, () =>
      midtransGateway({ serverKey: payments.midtransServerKey, ...endpoints }),
    );
  };
}
