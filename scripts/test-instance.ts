/**
 * One instance of `npm start`'s composition root, for tests that send it real signals
 * (system.test.ts): the API as it runs, a stand-in web app (no web build needed), the same signal
 * handling. Prints `PaxelBox is running at <url>` once it serves.
 */
import Fastify from "fastify";
import { closeOnSignals, startSystem } from "./system.ts";

const system = await startSystem({
  web: async () => {
    const web = Fastify();
    web.get("/*", async () => "web");
    // A request that is surely in flight when a signal comes.
    web.get("/slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { code: 200, data: "slow" };
    });
    return web;
  },
});
closeOnSignals(system);
console.log(`PaxelBox is running at ${system.url}`);
