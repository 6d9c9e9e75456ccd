import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { browserAccessFromEnv, SANDBOX_PUBLIC_KEY } from "./browser-api.ts";
import { createPaymentsApp } from "./routes.ts";
import { PaymentsStore } from "./store.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-navegador-"));
const store = new PaymentsStore(dir);
const STORE_ORIGIN = "https://tienda.example.co";
const app = createPaymentsApp({
  store,
  publicBase: "",
  browser: { publicKey: "pk_prueba_123", allowedOrigins: [STORE_ORIGIN] },
});
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const API = "https://api.example.co";
const card = {
  card_number: "4111111111111111",
  holder_name: "Ana Gómez",
  expiration_month: "12",
  expiration_year: "35",
  cvv2: "123",
};
const key = (publicKey: string) => `Basic ${btoa(`${publicKey}:`)}`;

function tokenCall(headers: Record<string, string>, method = "POST") {
  return app.fetch(
    new Request(`${API}/payments/card/token`, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      body: method === "POST" ? JSON.stringify(card) : undefined,
    }),
  );
}

describe("the token call from a browser", () => {
  it("answers the store's origin with its public key, with CORS for that origin", async () => {
    const answer = await tokenCall({ Origin: STORE_ORIGIN, Authorization: key("pk_prueba_123") });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe(STORE_ORIGIN);
    const token = (await answer.json()) as { id: string; card: { card_number: string } };
    expect(token.card.card_number).toBe("411111XXXXXX1111");
  });

  it("answers the preflight of the store's origin, and refuses another origin's", async () => {
    const preflight = await tokenCall(
      {
        Origin: STORE_ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
      "OPTIONS",
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(STORE_ORIGIN);
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/);
    const stranger = await tokenCall({ Origin: "https://evil.example" }, "OPTIONS");
    expect(stranger.status).toBe(403);
    expect(stranger.headers.has("Access-Control-Allow-Origin")).toBe(false);
  });

  it("refuses another origin, and a browser without the public key", async () => {
    const stranger = await tokenCall({
      Origin: "https://evil.example",
      Authorization: key("pk_prueba_123"),
    });
    expect(stranger.status).toBe(403);
    expect(stranger.headers.has("Access-Control-Allow-Origin")).toBe(false);
    const without: Array<Record<string, string>> = [{}, { Authorization: key("pk_otra") }];
    for (const headers of without) {
      const answer = await tokenCall({ Origin: STORE_ORIGIN, ...headers });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error_code: 1002, http_code: 401 });
    }
  });

  it("takes a call from the sandbox's own origin (mounted in the store), and a server's with the key", async () => {
    const same = await tokenCall({ Origin: API, Authorization: key("pk_prueba_123") });
    expect(same.status).toBe(200);
    const server = await tokenCall({ Authorization: key("pk_prueba_123") });
    expect(server.status).toBe(200);
    expect(server.headers.has("Access-Control-Allow-Origin")).toBe(false);
  });

  it("refuses a call without an Origin and without the key: no free card checks", async () => {
    const without: Array<Record<string, string>> = [{}, { Authorization: key("pk_otra") }];
    for (const headers of without) {
      const answer = await tokenCall(headers);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error_code: 1002, http_code: 401 });
    }
  });

  it("reads its key and origins from the environment, with the demo key by default", () => {
    expect(browserAccessFromEnv({})).toEqual({ publicKey: SANDBOX_PUBLIC_KEY, allowedOrigins: [] });
    expect(
      browserAccessFromEnv({
        SANDBOX_PUBLIC_KEY: "pk_x_12345678",
        SANDBOX_ALLOWED_ORIGINS: "http://127.0.0.1:3000/, https://tienda.example.co",
      }),
    ).toEqual({
      publicKey: "pk_x_12345678",
      allowedOrigins: ["http://127.0.0.1:3000", "https://tienda.example.co"],
    });
  });
});
