import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";
import { createSignedCookieSession, signedCookie } from "./cookie-session.server";

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

describe("signedCookie", () => {
  const secrets = ["new-secret-0123456789abcdef", "old-secret-0123456789abcdef"];
  const options = { httpOnly: true, path: "/", sameSite: "lax", maxAge: 60 } as const;
  // Accents and symbols: the value's JSON is UTF-8 before base64, as React Router writes it.
  const value = { c: "18433:2,7:1", nombre: "Cámara ñandú €", n: [1, 2] };
  const header = (setCookie: string) => setCookie.split(";")[0];

  it("writes React Router's own signed cookie, byte for byte, and reads it back", async () => {
    const ours = signedCookie("carrito", options, secrets);
    const theirs = createCookie("carrito", { ...options, secrets });
    const written = await ours.serialize(value);
    expect(written).toBe(await theirs.serialize(value));
    expect(await theirs.parse(header(written))).toEqual(value);
    expect(await ours.parse(`otra=1; ${header(await theirs.serialize(value))}`)).toEqual(value);
  });

  it("reads what the old secret signed, and nothing signed elsewhere or altered", async () => {
    const ours = signedCookie("carrito", options, secrets);
    const old = createCookie("carrito", { ...options, secrets: [secrets[1]] });
    expect(await ours.parse(header(await old.serialize(value)))).toEqual(value);
    const elsewhere = createCookie("carrito", { ...options, secrets: ["x".repeat(32)] });
    expect(await ours.parse(header(await elsewhere.serialize(value)))).toBeNull();
    const good = header(await ours.serialize(value));
    const [data, mac] = decodeURIComponent(good.slice("carrito=".length)).split(".");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    for (const bad of [`${flip(data)}.${mac}`, `${data}.${flip(mac)}`, data, `${data}.`]) {
      expect(await ours.parse(`carrito=${encodeURIComponent(bad)}`)).toBeNull();
    }
    expect(await ours.parse("otra=1")).toBeNull();
    expect(await ours.parse("carrito=")).toBe("");
  });

  it("ends a cookie as React Router does", async () => {
    const ours = signedCookie("carrito", options, secrets);
    const theirs = createCookie("carrito", { ...options, secrets });
    const end = { maxAge: undefined, expires: new Date(0) };
    expect(await ours.serialize("", end)).toBe(await theirs.serialize("", end));
  });
});
