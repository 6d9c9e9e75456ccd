import { describe, expect, it, vi } from "vitest";
import { newDeviceSessionId, tokenizeCard } from "./card-token";

const gateway = { base: "https://api.example.co", publicKey: "pk_prueba_123" };
const card = {
  card_number: "4111 1111 1111 1111",
  holder_name: "Ana Gómez",
  expiration_month: "12",
  expiration_year: "35",
  cvv2: "123",
};
const token = { id: "tok_abc", card: { card_number: "411111XXXXXX1111", brand: "visa" } };

function answering(response: Response | Error) {
  return vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
}

describe("tokenizeCard", () => {
  it("posts the card to the gateway's token call with the public key, and keeps only the token", async () => {
    const fetchImpl = answering(Response.json(token));
    const outcome = await tokenizeCard(gateway, card, fetchImpl);
    expect(outcome).toEqual({
      ok: true,
      card: { tokenId: "tok_abc", masked: "411111XXXXXX1111", brand: "visa" },
    });
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe("https://api.example.co/payments/card/token");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Authorization")).toBe(`Basic ${btoa("pk_prueba_123:")}`);
    expect(init?.credentials).toBe("omit");
    expect(JSON.parse(init?.body as string)).toMatchObject({
      card_number: "4111111111111111",
      cvv2: "123",
      expiration_year: "35",
    });
  });

  it("reads the answer nested as { success, data }", async () => {
    const outcome = await tokenizeCard(
      gateway,
      card,
      answering(Response.json({ success: true, data: token })),
    );
    expect(outcome).toMatchObject({ ok: true, card: { tokenId: "tok_abc" } });
  });

  it("tells a refused card from a gateway that cannot be reached", async () => {
    const refused = Response.json({ error_code: 2004 }, { status: 422 });
    expect(await tokenizeCard(gateway, card, answering(refused))).toEqual({
      ok: false,
      reason: "refused",
    });
    for (const failure of [
      new TypeError("Failed to fetch"),
      Response.json({ error_code: 1000 }, { status: 500 }),
      new Response("<html>502</html>", { status: 200 }),
      Response.json({ id: "tok_abc", card: { card_number: "4111111111111111" } }),
    ]) {
      expect(await tokenizeCard(gateway, card, answering(failure))).toEqual({
        ok: false,
        reason: "unreachable",
      });
    }
  });
});

describe("newDeviceSessionId", () => {
  it("is 32 random hex characters, new each time", () => {
    const first = newDeviceSessionId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newDeviceSessionId()).not.toBe(first);
  });
});
