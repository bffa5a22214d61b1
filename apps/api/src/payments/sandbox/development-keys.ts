import { createPublicKey } from "node:crypto";
import type { ApiConfig } from "../../config.ts";
import {
  developmentGatewayPrivateKey,
  developmentGatewayPublicKey,
  developmentPartnerPrivateKey,
  developmentPartnerPublicKey,
} from "./published-keys.ts";

export interface SnapKeys {
  partnerPrivateKey: string;
  partnerPublicKey: string;
  gatewayPrivateKey: string;
  /**
   * The bank's key our side verifies notifications with: the configured bank's, the sandbox's in
   * demo mode, none when the flow is off (every notification is refused).
   */
  gatewayPublicKey: string | null;
}

/** Per configuration: callers ask for every notification, and deriving a public key is not free. */
const derived = new WeakMap<ApiConfig, SnapKeys>();

/**
 * The PEM keys of the SNAP BI flow: the configured ones when set, the development ones otherwise.
 * The bank's private key is always the development one: the sandbox is the only bank we sign as.
 * The development bank's public key is trusted only while the flow is the sandbox's (demo mode):
 * in production a notification signed with the published key is refused.
 */
export function snapKeys(config: ApiConfig): SnapKeys {
  let keys = derived.get(config);
  if (!keys) {
    keys = deriveKeys(config);
    derived.set(config, keys);
  }
  return keys;
}

function deriveKeys(config: ApiConfig): SnapKeys {
  const partnerPrivateKey = config.payments.snapPrivateKey ?? developmentPartnerPrivateKey;
  const flow = config.payments.snap;
  return {
    partnerPrivateKey,
    partnerPublicKey: config.payments.snapPrivateKey
      ? createPublicKey(partnerPrivateKey).export({ type: "spki", format: "pem" }).toString()
      : developmentPartnerPublicKey,
    gatewayPrivateKey: developmentGatewayPrivateKey,
    gatewayPublicKey:
      flow === "bank"
        ? (config.payments.snapGatewayPublicKey ?? null)
        : flow === "sandbox"
          ? developmentGatewayPublicKey
          : null,
  };
}
