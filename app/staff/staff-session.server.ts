/**
 * The staff session (docs/decisions/0321): a signed cookie `personal` (`__Host-personal` in
 * production), HttpOnly, SameSite=Strict, that lasts 8 hours from sign-in whatever happens in
 * between. It holds the user name, the sign-in time and, for one page view, the result of the
 * last notification (the flash read after the POST/Redirect/GET).
 */
import { data, redirect, type Session } from "react-router";
import { signInUrl } from "./return-path.ts";
import { staffAccess } from "./staff-access.server.ts";
import type { NotificationOutcome } from "./notify.server";
// Relative imports with extensions: server.ts imports this module natively to keep the
// sandbox's outbox and API for signed-in staff (docs/decisions/0410).
import { createSignedCookieSession } from "../platform/cookie-session.server.ts";
import { logger } from "../platform/logger.server.ts";

const STAFF_SESSION_SECONDS = 8 * 60 * 60;

interface StaffSessionData {
  user: string;
  /** Sign-in time, ms since the epoch. */
  since: number;
}

interface StaffFlashData {
  result: NotificationOutcome;
}

type StaffSession = Session<StaffSessionData, StaffFlashData>;

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  return createSignedCookieSession<StaffSessionData, StaffFlashData>({
    name: "personal",
    maxAge: STAFF_SESSION_SECONDS,
    sameSite: "strict",
  });
}

function staffStorage() {
  storage ??= createStorage();
  return storage;
}

/** Every /admin page answers 404 while the tool is off (remote API without STAFF_USERS). */
export function assertStaffToolOn(): ReadonlyMap<string, string> {
  const access = staffAccess();
  if (access.mode === "off") throw data("La página que buscas no existe o fue movida.", 404);
  return access.users;
}

async function readSession(request: Request): Promise<StaffSession> {
  const store = staffStorage();
  try {
    return await store.getSession(request.headers.get("Cookie"));
  } catch {
    logger.warn("unreadable staff cookie");
    return store.getSession();
  }
}

/** The signed-in user still listed in the accounts, within 8 hours of signing in; else null. */
function validUser(
  session: StaffSession,
  users: ReadonlyMap<string, string>,
  now: number,
): string | null {
  const user = session.get("user");
  const since = session.get("since");
  if (typeof user !== "string" || typeof since !== "number") return null;
  if (!users.has(user)) return null;
  const age = now - since;
  if (age < -60_000 || age >= STAFF_SESSION_SECONDS * 1000) return null;
  return user;
}

export interface StaffVisit {
  user: string;
  session: StaffSession;
}

/** The signed-in staff member, or null. */
export async function currentStaff(request: Request): Promise<StaffVisit | null> {
  const users = assertStaffToolOn();
  const session = await readSession(request);
  const user = validUser(session, users, Date.now());
  return user ? { user, session } : null;
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
export async function startStaffSession(user: string): Promise<string> {
  const store = staffStorage();
  const session = await store.getSession();
  session.set("user", user);
  session.set("since", Date.now());
  return store.commitSession(session);
}

/** Set-Cookie of `session` after a change, keeping the end of the 8 hours where it was. */
export async function commitStaffSession(session: StaffSession): Promise<string> {
  const since = session.get("since") ?? Date.now();
  const left = Math.max(0, Math.floor((since + STAFF_SESSION_SECONDS * 1000 - Date.now()) / 1000));
  return staffStorage().commitSession(session, { maxAge: left });
}

/** Set-Cookie that removes the staff session. */
export async function endStaffSession(request: Request): Promise<string> {
  const store = staffStorage();
  return store.destroySession(await readSession(request));
}
