import { z } from "zod";
export const Ping = z.object({ ok: z.boolean() });
export type Ping = z.infer<typeof Ping>;
