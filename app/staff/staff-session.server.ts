/**
 * The staff session (docs/decisions/0321, 0401): a signed cookie `personal` (`__Host-personal`
 * in production), HttpOnly, SameSite=Strict. It holds the user name, a random session id, the
 * sign-in time, the time of the last use and, for one page view, the result of the last
 * notification (the flash read after the POST/Redirect/GET).
 *
 * A session ends 30 minutes after its last use, 8 hours after its sign-in whatever happens in
 * between, or at 'Cerrar sesión', which puts its id on a revocation list (shared through Redis
 * when REDIS_URL is set) for as long as the cookie could otherwise live.
 */
import { randomBytes } from "node:crypto";
import { data, redirect, type Session } from "react-router";
import { signInUrl } from "./return-path.ts";
import { staffAccess } from "./staff-access.server.ts";
import type { NotificationOutcome } from "./notify.server";
import { createSignedCookieSession } from "../platform/cookie-session.server.ts";
import { logger } from "../platform/logger.server.ts";
import { createRevocationList, type RevocationList } from "../platform/revocation.server.ts";
import type { Config } from "../platform/config.server.ts";

export const STAFF_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Clocks of several instances may differ a little. */
const CLOCK_SKEW_MS = 60_000;

interface StaffSessionData {
  user: string;
  /** Random session id, named in the revocation list at sign-out. */
  sid: string;
  /** Sign-in time, ms since the epoch. */
  since: number;
  /** Last use, ms since the epoch. */
  seen: number;
}

interface StaffFlashData {
  result: NotificationOutcome;
}

type StaffSession = Session<StaffSessionData, StaffFlashData>;

export interface StaffVisit {
  user: string;
  session: StaffSession;
}

export interface StaffSessionsOptions {
  /** ms since the epoch (tests move it). */
  now?: () => number;
  revoked?: RevocationList;
  cfg?: Config;
}

/** The staff sessions of a process: reading, starting, refreshing and ending them. */
export function createStaffSessions({ now = Date.now, revoked, cfg }: StaffSessionsOptions = {}) {
  const store = createSignedCookieSession<StaffSessionData, StaffFlashData>(
    { name: "personal", maxAge: STAFF_SESSION_IDLE_MS / 1000, sameSite: "strict" },
    cfg,
  );
  const revocations = revoked ?? createRevocationList({ name: "staff-session" });

  async function read(request: Request): Promise<StaffSession> {
    try {
      return await store.getSession(request.headers.get("Cookie"));
    } catch {
      logger.warn("unreadable staff cookie");
      return store.getSession();
    }
  }

  /** The cookie's lifetime from now: until the idle time or the 8 hours end, whichever first. */
  function secondsLeft(session: StaffSession, at: number): number {
    const since = session.get("since") ?? at;
    const left = Math.min(STAFF_SESSION_IDLE_MS, since + STAFF_SESSION_MAX_MS - at);
    return Math.max(0, Math.floor(left / 1000));
  }

  /** The signed-in user still listed in the accounts, used lately and not signed out; else null. */
  async function validUser(
    session: StaffSession,
    users: ReadonlyMap<string, string>,
  ): Promise<string | null> {
    const { user, sid, since, seen } = session.data;
    if (typeof user !== "string" || typeof sid !== "string") return null;
    if (typeof since !== "number" || typeof seen !== "number") return null;
    if (!users.has(user)) return null;
    const at = now();
    const age = at - since;
    if (age < -CLOCK_SKEW_MS || age >= STAFF_SESSION_MAX_MS) return null;
    const idle = at - seen;
    if (idle < -CLOCK_SKEW_MS || idle >= STAFF_SESSION_IDLE_MS) return null;
    if (await revocations.isRevoked(sid)) return null;
    return user;
  }

  return {
    /** The signed-in staff member, or null. */
    async current(request: Request, users: ReadonlyMap<string, string>) {
      const session = await read(request);
      const user = await validUser(session, users);
      return user ? { user, session } : null;
    },

    /** Set-Cookie of a fresh session for `user`. */
    async start(user: string): Promise<string> {
      const session = await store.getSession();
      const at = now();
      session.set("user", user);
      session.set("sid", randomBytes(18).toString("base64url"));
      session.set("since", at);
      session.set("seen", at);
      return store.commitSession(session, { maxAge: secondsLeft(session, at) });
    },

    /**
     * Set-Cookie of `session` after a use or a change: the idle time starts again, the end of
     * the 8 hours stays where it was.
     */
    async commit(session: StaffSession): Promise<string> {
      const at = now();
      session.set("seen", at);
      return store.commitSession(session, { maxAge: secondsLeft(session, at) });
    },

    /**
     * Set-Cookie that removes the staff session; its id is refused from now on, everywhere,
     * until the 8 hours it could have lasted are over (a copy of the cookie dies with it).
     */
    async end(request: Request): Promise<string> {
      const session = await read(request);
      const { sid, since } = session.data;
      if (typeof sid === "string" && typeof since === "number") {
        const seconds = (since + STAFF_SESSION_MAX_MS + CLOCK_SKEW_MS - now()) / 1000;
        await revocations.revoke(sid, seconds);
      }
      return store.destroySession(session);
    },
  };
}

let sessions: ReturnType<typeof createStaffSessions> | undefined;
function staffSessions() {
  sessions ??= createStaffSessions();
  return sessions;
}

/** Every /admin page answers 404 while the tool is off (remote API without STAFF_USERS). */
export function assertStaffToolOn(): ReadonlyMap<string, string> {
  const access = staffAccess();
  if (access.mode === "off") throw data("La página que buscas no existe o fue movida.", 404);
  return access.users;
}

/** The signed-in staff member, or null. */
export async function currentStaff(request: Request): Promise<StaffVisit | null> {
  return staffSessions().current(request, assertStaffToolOn());
}

/**
 * The signed-in staff member; without a valid session, a redirect to the sign-in page that
 * comes back here (a GET comes back to its own address, a POST to the page it was sent from).
 */
export async function requireStaff(request: Request): Promise<StaffVisit> {
  const visit = await currentStaff(request);
  if (visit) return visit;
  const url = new URL(request.url);
  throw redirect(signInUrl(`${url.pathname}${url.search}`), { status: 303 });
}

/** Set-Cookie of a fresh session for `user`. */
export function startStaffSession(user: string): Promise<string> {
  return staffSessions().start(user);
}

/** Set-Cookie of `session` after a use or a change (every answer to a signed-in user). */
export function commitStaffSession(session: StaffSession): Promise<string> {
  return staffSessions().commit(session);
}

/** Set-Cookie that removes the staff session, which is revoked server-side. */
export function endStaffSession(request: Request): Promise<string> {
  return staffSessions().end(request);
}
