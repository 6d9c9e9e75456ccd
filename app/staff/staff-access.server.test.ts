import { describe, expect, it } from "vitest";
import { verifyStaffCredentials } from "./password.server";
import { DEMO_STAFF_USER, resolveStaffAccess, STAFF_OFF_REASON } from "./staff-access.server";
import { ConfigError, loadConfig } from "~/platform/config.server";

const HASH = "scrypt$16384$8$1$ZiMZKuI4sbLqbyMfwu3aJw$ezIl0BmlCKE-eLTpxbeEkWO3VIKbufKoFg1uVHIDE2M";

describe("resolveStaffAccess", () => {
  it("offers the demo account personal / sandbox-demo with the embedded sandbox", async () => {
    const access = resolveStaffAccess(loadConfig({}));
    expect(access.mode).toBe("demo");
    if (access.mode === "off") throw new Error("unreachable");
    expect([...access.users.keys()]).toEqual([DEMO_STAFF_USER]);
    expect(await verifyStaffCredentials(access.users, "personal", "sandbox-demo")).toBe("personal");
    expect(await verifyStaffCredentials(access.users, "personal", "sandbox-demO")).toBeNull();
  });

  it("uses only STAFF_USERS when it is set, with or without a remote API", async () => {
    for (const apiUrl of [undefined, "https://api.example.co"]) {
      const access = resolveStaffAccess({ apiUrl, staffUsers: `Ana=${HASH}` });
      expect(access.mode).toBe("accounts");
      if (access.mode === "off") throw new Error("unreachable");
      expect([...access.users.keys()]).toEqual(["ana"]);
      expect(await verifyStaffCredentials(access.users, "personal", "sandbox-demo")).toBeNull();
    }
  });

  it("turns the tool off with a remote API and no STAFF_USERS, saying why", () => {
    const access = resolveStaffAccess(
      loadConfig({ API_URL: "https://api.example.co", STAFF_USERS: "  " }),
    );
    expect(access).toEqual({ mode: "off", reason: STAFF_OFF_REASON });
    expect(STAFF_OFF_REASON).toContain("STAFF_USERS is not set");
  });

  it.each(["ana", "ana=plain-password", `ana=${HASH} ana=${HASH}`, `an a=${HASH}x`])(
    "stops start-up with one line naming STAFF_USERS for %j",
    (staffUsers) => {
      let error: unknown;
      try {
        resolveStaffAccess({ apiUrl: undefined, staffUsers });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid environment variable STAFF_USERS: /);
      expect(message).not.toMatch(/STAFF_USERS: STAFF_USERS/);
      expect(message).not.toContain("\n");
      expect(message).not.toContain("plain-password");
    },
  );
});
