import { escapeHtml } from "@paxelbox/contract";
import type { SandboxTransaction } from "./ledger.ts";

/** Rupiah as the product writes it: 'Rp. 1.234.567'. */
export function rupiah(amount: number): string {
  return `Rp. ${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 }).format(amount)}`;
}

/** The sandbox's hosted checkout: merchant, order number, amount, and Pay / Fail / Cancel. */
export function checkoutPage(transaction: SandboxTransaction): string {
  const finished = transaction.status !== "PENDING";
  const action = (name: string, label: string, kind: string) =>
    `<form method="post" action="/demo/pay/${encodeURIComponent(transaction.reference_no)}/${name}">
      <button type="submit" class="${kind}">${label}</button>
    </form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox checkout · ${escapeHtml(transaction.merchant)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #eef1f6; color: #111827; min-height: 100vh; display: grid; place-items: center; }
  main { box-sizing: border-box; width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 8px 30px rgb(17 24 39 / 0.12); }
  .badge { display: inline-block; font-size: 12px; font-weight: 600; letter-spacing: .04em; color: #92400e;
           background: #fef3c7; border-radius: 999px; padding: 4px 10px; }
  h1 { font-size: 20px; margin: 16px 0 4px; }
  dl { margin: 20px 0; display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; }
  dt { color: #6b7280; } dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
  .amount { font-size: 28px; font-weight: 700; text-align: center; margin: 8px 0 24px; }
  form { margin: 0; } .actions { display: grid; gap: 12px; }
  button { width: 100%; min-height: 48px; border-radius: 8px; border: 0; font-size: 16px; font-weight: 600; cursor: pointer; }
  button:focus-visible { outline: 3px solid #5b2ed9; outline-offset: 2px; }
  .pay { background: #1f7a46; color: #fff; } .fail { background: #fff; color: #b42318; border: 2px solid #b42318; }
  .cancel { background: #f3f4f6; color: #374151; }
  .done { text-align: center; color: #374151; }
  footer { margin-top: 20px; font-size: 13px; color: #6b7280; text-align: center; }
</style>
</head>
<body>
<main>
  <span class="badge">SANDBOX · no money moves</span>
  <h1>${escapeHtml(transaction.merchant)}</h1>
  <p>${escapeHtml(transaction.description)}</p>
  <dl>
    <dt>Order number</dt><dd>${escapeHtml(transaction.partner_reference_no)}</dd>
    <dt>Reference</dt><dd>${escapeHtml(transaction.reference_no)}</dd>
  </dl>
  <p class="amount" aria-label="Amount">${rupiah(transaction.amount)}</p>
  ${
    finished
      ? `<p class="done">This checkout is finished: <strong>${escapeHtml(transaction.status)}</strong>.</p>
         <div class="actions">${action("return", "Back to the shop", "cancel")}</div>`
      : `<div class="actions">${action("pay", "Pay", "pay")}${action("fail", "Fail", "fail")}${action("cancel", "Cancel", "cancel")}</div>
         <div class="actions">${action("return", "Pay later (back to the shop)", "cancel")}</div>`
  }
  <footer>Payment-gateway sandbox of this PaxelBox installation.</footer>
</main>
</body>
</html>`;
}
