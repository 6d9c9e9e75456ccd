/**
 * Who may use the staff tool (docs/decisions/0320): the accounts of STAFF_USERS; with the
 * embedded sandbox and no STAFF_USERS, the demo account `personal`; with a remote API and no
 * STAFF_USERS, nobody: every /admin page answers 404 and the start-up log says why.
 *
 * Checked by the server at start (`serverHost.configure`, app/server-host.server.ts), so a
 * malformed STAFF_USERS stops the process with one line, like the rest of the configuration.
 */
import { type Config, ConfigError, config } from "../platform/config.server.ts";
import { parseStaffUsers } from "./password.server.ts";

/** The demo account's user name; its password, `sandbox-demo`, is printed in the README. */
export const DEMO_STAFF_USER = "personal";

/** scrypt hash of the demo password (made once with `npm run staff:hash`). */
const DEMO_STAFF_HASH =
  "scrypt$16384$8$1$ZiMZKuI4sbLqbyMfwu3aJw$ezIl0BmlCKE-eLTpxbeEkWO3VIKbufKoFg1uVHIDE2M";

export type StaffAccess =
  | { mode: "accounts" | "demo"; users: ReadonlyMap<string, string> }
  | { mode: "off"; reason: string };

export const STAFF_OFF_REASON =
  "STAFF_USERS is not set: the staff tool (/admin) is off and answers 404; with a remote API " +
  "there is no demo account. Add accounts with npm run staff:hash.";

/** The access rule for a configuration. Throws ConfigError naming STAFF_USERS when it is malformed. */
export function resolveStaffAccess(cfg: Pick<Config, "apiUrl" | "staffUsers">): StaffAccess {
  let users: Map<string, string>;
  try {
    users = parseStaffUsers(cfg.staffUsers);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Invalid environment variable STAFF_USERS: ${message.replace(/^STAFF_USERS: /, "")}`,
    );
  }
  if (users.size > 0) return { mode: "accounts", users };
  if (cfg.apiUrl) return { mode: "off", reason: STAFF_OFF_REASON };
  return { mode: "demo", users: new Map([[DEMO_STAFF_USER, DEMO_STAFF_HASH]]) };
}

let cached: StaffAccess | undefined;

/** The process's staff access, from `config()`. */
export function staffAccess(): StaffAccess {
  cached ??= resolveStaffAccess(config());
  return cached;
}
