import { describe, expect, it } from "vitest";
import {
  createStaffSessions,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_MAX_MS,
} from "./staff-session.server";
import { loadConfig } from "~/platform/config.server";
import { createRevocationList } from "~/platform/revocation.server";

const cfg = loadConfig({ NODE_ENV: "test", SESSION_SECRET: "staff-test-secret-0123456789" });
const users = new Map([["ana", "scrypt$…"]]);
const MINUTE = 60_000;

/** Sessions on a clock the test moves, with a revocation list of their own. */
function setup() {
  let t = Date.UTC(2026, 10, 27, 9);
  const now = () => t;
  const revoked = createRevocationList({ name: `test-${Math.random()}`, redisUrl: undefined, now });
  const sessions = createStaffSessions({ now, revoked, cfg });
  const asRequest = (setCookie: string) =>
    new Request("http://localhost/admin/notificaciones", {
      headers: { Cookie: setCookie.split(";")[0] },
    });
  return { sessions, asRequest, advance: (ms: number) => (t += ms), revoked };
}

const maxAge = (setCookie: string) => Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);

describe("staff sessions", () => {
  it("a fresh session is valid, with a cookie that lasts the idle time", async () => {
    const { sessions, asRequest } = setup();
    const cookie = await sessions.start("ana");
    expect(maxAge(cookie)).toBe(STAFF_SESSION_IDLE_MS / 1000);
    expect((await sessions.current(asRequest(cookie), users))?.user).toBe("ana");
    // A user no longer in the accounts is signed out.
    expect(await sessions.current(asRequest(cookie), new Map())).toBeNull();
  });

  it("ends after 30 minutes without use", async () => {
    const { sessions, asRequest, advance } = setup();
    const cookie = await sessions.start("ana");
    advance(STAFF_SESSION_IDLE_MS - 1);
    expect(await sessions.current(asRequest(cookie), users)).not.toBeNull();
    advance(1);
    expect(await sessions.current(asRequest(cookie), users)).toBeNull();
  });

  it("each use starts the idle time again, up to 8 hours after the sign-in", async () => {
    const { sessions, asRequest, advance } = setup();
    let cookie = await sessions.start("ana");
    // Used every 25 minutes: still signed in after 7 h 55 min.
    for (let elapsed = 0; elapsed + 25 * MINUTE < STAFF_SESSION_MAX_MS; elapsed += 25 * MINUTE) {
      advance(25 * MINUTE);
      const visit = await sessions.current(asRequest(cookie), users);
      expect(visit, `after ${elapsed / MINUTE + 25} min`).not.toBeNull();
      cookie = await sessions.commit(visit!.session);
    }
    // 7 h 55 min in: the cookie lives 5 more minutes, not 30.
    expect(maxAge(cookie)).toBe(5 * 60);
    advance(5 * MINUTE);
    expect(await sessions.current(asRequest(cookie), users)).toBeNull();
  });

  it("an old copy of the cookie is not refreshed by the new one's use", async () => {
    const { sessions, asRequest, advance } = setup();
    const copy = await sessions.start("ana");
    advance(20 * MINUTE);
    const visit = await sessions.current(asRequest(copy), users);
    const fresh = await sessions.commit(visit!.session);
    advance(20 * MINUTE);
    expect(await sessions.current(asRequest(fresh), users)).not.toBeNull();
    expect(await sessions.current(asRequest(copy), users)).toBeNull();
  });

  it("signing out refuses every copy of the cookie, refreshed ones too", async () => {
    const { sessions, asRequest, advance } = setup();
    const cookie = await sessions.start("ana");
    advance(MINUTE);
    const refreshed = await sessions.commit(
      (await sessions.current(asRequest(cookie), users))!.session,
    );
    const cleared = await sessions.end(asRequest(cookie));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await sessions.current(asRequest(cookie), users)).toBeNull();
    expect(await sessions.current(asRequest(refreshed), users)).toBeNull();
    // Another sign-in of the same user is a new session.
    expect(await sessions.current(asRequest(await sessions.start("ana")), users)).not.toBeNull();
  });

  it("keeps a revocation until the session's 8 hours are over, and no longer", async () => {
    const { sessions, asRequest, advance, revoked } = setup();
    const cookie = await sessions.start("ana");
    const sid = (await sessions.current(asRequest(cookie), users))!.session.data.sid!;
    advance(2 * 60 * MINUTE);
    await sessions.end(asRequest(cookie));
    expect(await revoked.isRevoked(sid)).toBe(true);
    advance(6 * 60 * MINUTE);
    expect(await revoked.isRevoked(sid)).toBe(true);
    advance(2 * MINUTE);
    expect(await revoked.isRevoked(sid)).toBe(false);
  });

  it("refuses a cookie without a session id or last use (signed before sign-outs were revoked)", async () => {
    const { sessions, asRequest } = setup();
    const cookie = await sessions.start("ana");
    const visit = (await sessions.current(asRequest(cookie), users))!;
    visit.session.unset("sid");
    expect(
      await sessions.current(asRequest(await sessions.commit(visit.session)), users),
    ).toBeNull();
  });
});
