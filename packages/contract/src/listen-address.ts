import * as z from "zod/mini";

/**
 * PORT and HOST, where a server listens: read alike by the API, the web server and `npm start`'s
 * composition root, and checked with the rest of their configuration, so that a bad value stops the
 * start naming its variable rather than as a socket error from deep inside Node (ERR_SOCKET_BAD_PORT).
 */

/** A port setting (`name`: the variable, for the message): 0 to 65535, 0 for any free port; unset or empty, undefined. */
export function portSetting(name: string) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value, context): number | undefined => {
      const text = value?.trim() ?? "";
      if (text === "") return undefined;
      if (!/^\d{1,5}$/.test(text) || Number(text) > 65_535) {
        context.issues.push({
          code: "custom",
          message: `${name} is a port number from 0 to 65535 (0: any free port), not "${value}"`,
          input: value,
        });
        return z.NEVER;
      }
      return Number(text);
    }),
  );
}

const interfaceAddress = z.union([z.ipv4(), z.ipv6(), z.hostname()]);

/** A host setting: the interface to listen on, an IPv4 or IPv6 address or a host name; unset or empty, undefined. */
export function hostSetting(name: string) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value, context): string | undefined => {
      if (value === undefined || value === "") return undefined;
      if (!interfaceAddress.safeParse(value).success) {
        context.issues.push({
          code: "custom",
          message: `${name} is the interface to listen on: an address (0.0.0.0, ::, 127.0.0.1) or a host name, not "${value}"`,
          input: value,
        });
        return z.NEVER;
      }
      return value;
    }),
  );
}
