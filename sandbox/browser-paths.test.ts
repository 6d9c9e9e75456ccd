import { describe, expect, it } from "vitest";
import { isBrowserLoad } from "./browser-paths.ts";

describe("what the store's /sandbox mount serves to anyone", () => {
  it("opens the drawings, logos and the PSE bank page with its form", () => {
    expect(isBrowserLoad("GET", "/img/productos/18433-1.svg")).toBe(true);
    expect(isBrowserLoad("HEAD", "/logos/marcas/hikvision.svg")).toBe(true);
    expect(isBrowserLoad("GET", "/banco-pse/trabc")).toBe(true);
    expect(isBrowserLoad("POST", "/banco-pse/trabc")).toBe(true);
  });

  it("keeps the outbox, the payments and catalogue API and other methods closed", () => {
    for (const [method, path] of [
      ["GET", "/correos"],
      ["GET", "/correos/1"],
      ["GET", "/payments/emails"],
      ["GET", "/payments/charges"],
      ["POST", "/payments/manual-notification/CARD-1"],
      ["POST", "/api/payments/confirm-success-page/trabc"],
      ["GET", "/api/productos"],
      ["GET", "/syscom/productos/DS-YD792-B/pdf"],
      ["GET", "/_falla/lento/banco-pse/trabc"],
      ["GET", "/sandbox/correos"],
      ["GET", "/img/productos/a/../../correos"],
      ["POST", "/img/productos/18433-1.svg"],
      ["DELETE", "/banco-pse/trabc"],
    ]) {
      expect(isBrowserLoad(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
