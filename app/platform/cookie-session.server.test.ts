import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";
import { createSignedCookieSession } from "./cookie-session.server";

const cfg = loadConfig({ NODE_ENV: "test", SESSION_SECRET: "test-secret-0123456789abcdef" });
const other = loadConfig({ NODE_ENV: "test", SESSION_SECRET: "other-secret-0123456789abcdef" });

function storages() {
  return {
    mine: createSignedCookieSession<{ c: string[] }>({ name: "carrito", maxAge: 60 }, cfg),
    foreign: createSignedCookieSession<{ c: string[] }>({ name: "carrito", maxAge: 60 }, other),
  };
}

async function cookieHeader(storage: ReturnType<typeof storages>["mine"], data: string[]) {
  const session = await storage.getSession();
  session.set("c", data);
  return (await storage.commitSession(session)).split(";")[0];
}

describe("createSignedCookieSession", () => {
  it("reads a signed value again the same, and a change to one read leaves the next alone", async () => {
    const { mine } = storages();
    const header = `otra=1; ${await cookieHeader(mine, ["18433:2"])}`;
    const first = await mine.getSession(header);
    expect(first.get("c")).toEqual(["18433:2"]);
    first.set("c", ["changed"]);
    (first.get("c") as string[]).push("more");
    const second = await mine.getSession(header);
    expect(second.get("c")).toEqual(["18433:2"]);
  });

  it("refuses a value signed with another secret or altered, each time it is sent", async () => {
    const { mine, foreign } = storages();
    const forged = await cookieHeader(foreign, ["1:99"]);
    for (let i = 0; i < 2; i++) expect((await mine.getSession(forged)).has("c")).toBe(false);
    const good = await cookieHeader(mine, ["1:1"]);
    expect((await mine.getSession(good)).get("c")).toEqual(["1:1"]);
    const altered = good.replace(
      /.(\.[^.]*)$/,
      (m, sig: string) => `${m[0] === "A" ? "B" : "A"}${sig}`,
    );
    for (let i = 0; i < 2; i++) expect((await mine.getSession(altered)).has("c")).toBe(false);
  });

  it("a flash value is still there on each read of the same cookie", async () => {
    const { mine } = storages();
    const session = await mine.getSession();
    session.flash("c", ["aviso"]);
    const header = (await mine.commitSession(session)).split(";")[0];
    for (let i = 0; i < 2; i++) {
      const read = await mine.getSession(header);
      expect(read.get("c")).toEqual(["aviso"]);
      expect(read.get("c")).toBeUndefined(); // read once per request
    }
  });
});
