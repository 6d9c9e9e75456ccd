import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("runs with no configuration against the sandbox", () => {
    const cfg = loadConfig({});
    expect(cfg.apiUrl).toBeUndefined();
    expect(cfg.apiTimeoutMs).toBe(15_000);
    expect(cfg.apiConcurrency).toBe(6);
    expect(cfg.sessionSecrets).toHaveLength(1);
    expect(cfg.port).toBe(3000);
  });

  it("a generated secret is kept in the environment, so every reader of it signs alike", () => {
    // The server and the app build each hold a copy of this module and read the same env.
    const env: NodeJS.ProcessEnv = { NODE_ENV: "production" };
    const first = loadConfig(env).sessionSecrets;
    expect(first[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig(env).sessionSecrets).toEqual(first);
    expect(loadConfig({ NODE_ENV: "production" }).sessionSecrets).not.toEqual(first);
  });

  it("requires PUBLIC_URL in production behind a proxy, and takes an origin only", () => {
    expect(() => loadConfig({ NODE_ENV: "production", TRUST_PROXY: "1" })).toThrow(/PUBLIC_URL/);
    const cfg = loadConfig({
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      PUBLIC_URL: "https://Tienda.Example.co/",
    });
    expect(cfg.publicUrl).toBe("https://tienda.example.co");
    for (const bad of ["https://tienda.example.co/tienda", "ftp://tienda.example.co", "tienda"]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(loadConfig({ TRUST_PROXY: "1" }).publicUrl).toBeUndefined();
  });

  it("reads a remote API, token and rotated secrets", () => {
    const cfg = loadConfig({
      API_URL: "https://api.example.co/",
      API_TOKEN: "abc",
      SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789",
      NODE_ENV: "production",
    });
    expect(cfg.apiUrl).toBe("https://api.example.co");
    expect(cfg.apiToken).toBe("abc");
    expect(cfg.sessionSecrets).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
    expect(cfg.isProduction).toBe(true);
  });

  it.each([
    [{ API_URL: "not a url" }, "API_URL"],
    [{ API_URL: "ftp://api.example.co" }, "API_URL"],
    [{ API_TIMEOUT_MS: "soon" }, "API_TIMEOUT_MS"],
    [{ API_CONCURRENCY: "0" }, "API_CONCURRENCY"],
    [{ PORT: "99999" }, "PORT"],
    [{ SALES_EMAIL: "ventas" }, "SALES_EMAIL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production", API_URL: "https://api.example.co" }, "SESSION_SECRET"],
  ])("stops with one line naming the variable for %o", (env, name) => {
    expect(() => loadConfig(env)).toThrowError(
      new RegExp(`^Invalid environment variable ${name}:`),
    );
  });
});
