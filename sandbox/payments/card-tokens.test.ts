import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SANDBOX_CLIENT_HEADER, TOKEN_CALL_LIMITS } from "./card-tokens.ts";
import { createPaymentsApp } from "./routes.ts";
import { PaymentsStore } from "./store.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-tokens-"));
const store = new PaymentsStore(dir);
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const newApp = () =>
  createPaymentsApp({
    store,
    publicBase: "",
    browser: { publicKey: "pk_prueba_123", allowedOrigins: [] },
  });
const KEY = `Basic ${btoa("pk_prueba_123:")}`;

async function tokenCall(
  app: ReturnType<typeof newApp>,
  address: string,
  card: { number?: string; month?: string; year?: string; cvv?: string } = {},
) {
  return app.fetch(
    new Request("http://api.example.co/payments/card/token", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: KEY,
        [SANDBOX_CLIENT_HEADER]: address,
      },
      body: JSON.stringify({
        card_number: card.number ?? "4111111111111111",
        holder_name: "Ana Gómez",
        expiration_month: card.month ?? "12",
        expiration_year: card.year ?? "35",
        cvv2: card.cvv ?? "123",
      }),
    }),
  );
}

describe("token call limits", () => {
  it("lets through at most the address's number of a burst of parallel calls, the rest 429 with Retry-After", async () => {
    const app = newApp();
    // Card checks a tester would run: good cards, bad Luhn, bad CVV, all at once.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        tokenCall(app, "198.51.100.20", {
          number: i % 3 === 0 ? "4111111111111112" : "4111111111111111",
          cvv: i % 3 === 1 ? "12" : "123",
        }),
      ),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.length - refused.length).toBe(TOKEN_CALL_LIMITS.address.calls);
    expect(Number(refused[0].headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused[0].json()).toMatchObject({ http_code: 429 });
    // Another address has its own count.
    expect((await tokenCall(app, "198.51.100.21")).status).toBe(200);
  });

  it("limits every address together per public key", async () => {
    const app = newApp();
    const calls = TOKEN_CALL_LIMITS.key.calls + 50;
    const answers = await Promise.all(
      Array.from({ length: calls }, (_, i) => tokenCall(app, `10.${i >> 8}.${i & 255}.1`)),
    );
    const passed = answers.filter((a) => a.status !== 429).length;
    expect(passed).toBe(TOKEN_CALL_LIMITS.key.calls);
  });
});

describe("card fingerprints", () => {
  it("are one per number whatever the expiry, and the merchant looks them up by token", async () => {
    const app = newApp();
    const token = async (card: Parameters<typeof tokenCall>[2]) => {
      const answer = await tokenCall(app, "203.0.113.5", card);
      return (await answer.json()) as { id: string; card: { fingerprint: string } };
    };
    const first = await token({ month: "12", year: "35" });
    const other = await token({ month: "01", year: "31" });
    const another = await token({ number: "5555555555554444" });
    expect(other.card.fingerprint).toBe(first.card.fingerprint);
    expect(another.card.fingerprint).not.toBe(first.card.fingerprint);
    expect(first.card.fingerprint).not.toContain("411111");

    const looked = await app.fetch(
      new Request(`http://api.example.co/payments/card/token/${first.id}`),
    );
    expect(await looked.json()).toEqual({ id: first.id, fingerprint: first.card.fingerprint });
    const unknown = await app.fetch(new Request("http://api.example.co/payments/card/token/tok_x"));
    expect(unknown.status).toBe(404);
  });
});
