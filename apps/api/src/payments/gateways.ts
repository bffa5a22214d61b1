import type { ApiConfig } from "../config.ts";
import { type GatewayName, GatewayUnavailable, type PaymentGateway } from "./gateway.ts";
import { midtransEndpoints, midtransGateway } from "./midtrans-gateway.ts";
import { snapKeys } from "./sandbox/development-keys.ts";
import type { GatewayLookup } from "./service.ts";
import { snapGateway } from "./snap-gateway.ts";

/** A payment flow whose gateway is not configured: it serves nothing (config.ts `PaymentFlow`). */
export class PaymentFlowOff extends GatewayUnavailable {
  constructor(name: GatewayName) {
    super(`The ${name === "snap" ? "bank-interface (SNAP BI)" : "Midtrans"} payment flow is not configured.`);
    this.name = "PaymentFlowOff";
  }
}

/** Whether a payment flow has a gateway (real, or the sandbox in demo mode). */
export function paymentFlowOn(config: ApiConfig, name: GatewayName): boolean {
  return (name === "snap" ? config.payments.snap : config.payments.gateway) !== "off";
}

/**
 * The gateways of this installation, from configuration only: Midtrans (non-interface flow) and a
 * SNAP BI bank (bank-interface flow) at their configured addresses, or, in demo mode, this
 * installation's sandboxes reached at `selfOrigin()` — the address this instance is configured or
 * listening at, never one a request names. A flow with neither is off: asking for its gateway
 * throws PaymentFlowOff. Adapters are kept per base URL, so a SNAP access token is reused.
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
  const sandbox = () => {
    const base = selfOrigin();
    if (!base) throw new GatewayUnavailable("The sandbox gateway's address is not known yet.");
    return base.replace(/\/$/, "");
  };
  const { payments } = config;
  return (name: GatewayName) => {
    if (!paymentFlowOn(config, name)) throw new PaymentFlowOff(name);
    if (name === "snap") {
      const baseUrl =
        payments.snap === "bank" && payments.snapBaseUrl ? payments.snapBaseUrl : `${sandbox()}/demo/snap`;
      const keys = snapKeys(config);
      return keep(`snap ${baseUrl}`, () =>
        snapGateway({
          baseUrl,
          partnerId: payments.snapPartnerId,
          clientSecret: payments.snapClientSecret,
          channelId: payments.snapChannelId,
          privateKey: keys.partnerPrivateKey,
          timeoutSeconds: payments.gatewayTimeoutSeconds,
        }),
      );
    }
    const endpoints =
      payments.gateway === "midtrans"
        ? midtransEndpoints[payments.midtransProduction ? "production" : "sandbox"]
        : { snapBaseUrl: `${sandbox()}/demo/midtrans/snap`, apiBaseUrl: `${sandbox()}/demo/midtrans` };
    return keep(`midtrans ${endpoints.apiBaseUrl}`, () =>
      midtransGateway({
        serverKey: payments.midtransServerKey,
        ...endpoints,
        timeoutSeconds: payments.gatewayTimeoutSeconds,
      }),
    );
  };
}
