import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./helpers.ts";

/**
 * Kill the API with SIGKILL in the middle of a journey — after a payment is created, before its
 * notification — and start it again on the same data: nothing is lost or doubled, and the journey
 * completes.
 */

const serverFile = path.resolve(import.meta.dirname, "../src/server.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "paxelbox-kill-"));
const budi = { authorization: "Bearer demo-token-budi" };
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
  };
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  child = spawn(process.execPath, [serverFile], { env, stdio: "ignore" });
  const origin = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds; on a busy 2-core machine that can take half a minute.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return origin;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("API did not start");
}

async function json<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

describe("SIGKILL between payment and notification", () => {
  it("loses nothing and doubles nothing", { timeout: 150_000 }, async () => {
    const port = await freePort();
    let origin = await start(port);
    const scenario = await json<{ url: string }>(
      await fetch(`${origin}/api/demo/scenarios/rent-in-store-overdue`, { method: "POST" }),
    );
    const orderid = new URL(scenario.url, origin).searchParams.get("orderid");
    const calculation = await json<{ next_overdue_time: number }>(
      await fetch(`${origin}/api/v1/box/rental/overdue-calculation/${orderid}`, { headers: budi }),
    );
    const token = await json<{ access_token: string }>(
      await fetch(`${origin}/api/auth/token/generate`, { headers: budi }),
    );
    const back = `${origin}/order-status?orderid=${orderid}`;
    const body = JSON.stringify({
      order_info: {
        name: "Budi",
        box_name: "Locker",
        phone_number: "081234567801",
        cancel_url: back,
        success_url: back,
        failed_url: back,
        payment_type: "extention",
        localization: "indonesia",
        box_id: 1,
        door_number: "1",
        order_id: Number(orderid),
        price: 1,
        size: "M",
        loker_order_type: "rental",
        duration: 1,
        currency: "Rp",
        client: "userapp_locker",
      },
    });
    const create = () =>
      fetch(`${origin}/api/v1/order/locker?access_token=${token.access_token}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const { payment_url } = await json<{ payment_url: string }>(await create());

    child?.kill("SIGKILL");
    await new Promise((resolve) => child?.once("exit", resolve));
    origin = await start(port);

    // The retry after the crash finds the same payment, and the checkout still works.
    const again = await json<{ payment_url: string }>(await create());
    expect(again.payment_url).toBe(payment_url);
    const paid = await fetch(`${payment_url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await fetch(`${payment_url}/pay`, { method: "POST", redirect: "manual" });

    const order = await json<{ overdueTime: number }>(
      await fetch(`${origin}/api/v1/box/express/info/${orderid}/paid`, { headers: budi }),
    );
    expect(order.overdueTime).toBe(calculation.next_overdue_time);
    const after = await json<{ total_overdue_fee: number }>(
      await fetch(`${origin}/api/v1/box/rental/overdue-calculation/${orderid}`, { headers: budi }),
    );
    expect(after.total_overdue_fee).toBe(0);
  });
});
