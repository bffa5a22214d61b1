import type { KioskScanResult } from "@paxelbox/contract";
import { escapeHtml } from "@paxelbox/contract";

const describe: Record<KioskScanResult["action"], string> = {
  store: "Door opened to store the items. The rent is now running.",
  open: "Door opened during the rent. The items stay inside.",
  stop: "Door opened for the last time. The rent has ended.",
  "dropoff-store": "Door opened to store the parcel. The recipient has been sent their link.",
  pickup: "Door opened. The parcel has been picked up.",
};

/** A small page where a person plays the locker: type or paste a code, see what the locker did. */
export function kioskPage(state: {
  code?: string | undefined;
  boxId?: string | undefined;
  error?: string;
  outcome?: KioskScanResult;
}): string {
  const outcome = state.outcome;
  const result = outcome
    ? `<section class="ok" role="status">
        <h2>Door ${escapeHtml(outcome.doorNumber)} is open</h2>
        <p>${describe[outcome.action]}</p>
        <dl>
          <dt>Action</dt><dd>${escapeHtml(outcome.action)}</dd>
          <dt>Locker (box id)</dt><dd>${outcome.boxId}</dd>
          <dt>Order id</dt><dd>${outcome.orderId}</dd>
          <dt>Order status</dt><dd>${escapeHtml(outcome.orderStatus)}</dd>
          ${outcome.openCount !== undefined ? `<dt>Times opened</dt><dd>${outcome.openCount}</dd>` : ""}
          ${outcome.recipientLink ? `<dt>Recipient link</dt><dd><a href="${escapeHtml(outcome.recipientLink)}">${escapeHtml(outcome.recipientLink)}</a></dd>` : ""}
        </dl>
      </section>`
    : state.error
      ? `<section class="error" role="alert"><h2>The locker refused this code</h2><p>${escapeHtml(state.error)}</p></section>`
      : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Locker kiosk simulator</title>
<style>
  :root { font-family: system-ui, sans-serif; color: #111827; }
  body { margin: 0; background: #1f2937; min-height: 100vh; display: grid; place-items: center; padding: 16px; box-sizing: border-box; }
  main { width: min(480px, 100%); background: #f9fafb; border-radius: 12px; padding: 24px; box-sizing: border-box; }
  h1 { margin: 0 0 4px; font-size: 22px; } p.lead { margin: 0 0 20px; color: #4b5563; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  textarea, input { width: 100%; box-sizing: border-box; font: inherit; padding: 10px 12px; border-radius: 8px; border: 1px solid #9ca3af; }
  textarea { min-height: 72px; font-family: ui-monospace, monospace; }
  button { margin-top: 16px; width: 100%; min-height: 48px; border: 0; border-radius: 8px; background: #5b2ed9; color: #fff; font-size: 16px; font-weight: 600; cursor: pointer; }
  button:focus-visible, textarea:focus-visible, input:focus-visible { outline: 3px solid #5b2ed9; outline-offset: 2px; }
  section { margin-top: 20px; border-radius: 8px; padding: 12px 16px; }
  .ok { background: #dcfce7; } .error { background: #fee2e2; }
  h2 { margin: 0 0 4px; font-size: 18px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 12px 0 0; } dt { color: #374151; } dd { margin: 0; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
  <h1>Locker kiosk simulator</h1>
  <p class="lead">Scan a code: type or paste the text of a QR shown on a PaxelBox screen.</p>
  <form method="post" action="/demo/kiosk">
    <label for="code">Code</label>
    <textarea id="code" name="code" required autocomplete="off" spellcheck="false">${escapeHtml(state.code ?? "")}</textarea>
    <label for="boxId">Locker (box id, optional)</label>
    <input id="boxId" name="boxId" inputmode="numeric" pattern="[0-9]*" value="${escapeHtml(state.boxId ?? "")}">
    <button type="submit">Scan</button>
  </form>
  ${result}
</main>
</body>
</html>`;
}
