/**
 * Staff passwords: scrypt hashes in a self-describing string, and the STAFF_USERS setting.
 *
 * A hash reads `scrypt$<N>$<r>$<p>$<salt>$<key>`, salt and key in base64url without padding,
 * e.g. `scrypt$16384$8$1$q1…$Zm…` (16-byte salt, 32-byte key). The parameters travel with the
 * hash, so they can be raised later without invalidating stored hashes.
 *
 * STAFF_USERS lists `user=hash` entries separated by commas and/or whitespace:
 *   STAFF_USERS="ana=scrypt$16384$8$1$…$… luis=scrypt$16384$8$1$…$…"
 * Neither "=", "," nor whitespace can occur in a hash (base64url and "$"), so the split is
 * unambiguous. Remember to single-quote the value in a shell: "$" starts a variable there.
 */
import {
  type BinaryLike,
  randomBytes,
  scrypt,
  type ScryptOptions,
  timingSafeEqual,
} from "node:crypto";

/** node:crypto's scrypt as a promise (util.promisify would pick the overload without options). */
function scryptAsync(
  password: BinaryLike,
  salt: BinaryLike,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const SCRYPT_DEFAULTS = { N: 16_384, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;

/** Longest password accepted, in characters: a bound on the work an attacker can ask for. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Staff user names: letters, digits, ".", "_" and "-", up to 64; compared in lower case. */
export const STAFF_USER_NAME = /^[A-Za-z0-9._-]{1,64}$/;

// Limits on a stored hash's parameters: a hash from the environment cannot make the server
// spend more than 128 * N * r = 256 MiB or weaker parameters than the defaults.
const MIN_N = SCRYPT_DEFAULTS.N;
const MAX_MEMORY = 256 * 1024 * 1024;
const MAX_P = 16;

type StoredHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function decodeBase64Url(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const bytes = Buffer.from(text, "base64url");
  // Only the canonical spelling: no stray bits in the last character.
  return bytes.toString("base64url") === text ? bytes : null;
}

function parsePositive(text: string): number | null {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

/** The parts of a stored hash, or null when it is not a hash this module would accept. */
function parseStoredHash(stored: string): StoredHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = [parsePositive(parts[1]), parsePositive(parts[2]), parsePositive(parts[3])];
  if (N === null || r === null || p === null) return null;
  if (N < MIN_N || (N & (N - 1)) !== 0 || 128 * N * r > MAX_MEMORY || p > MAX_P) return null;
  const salt = decodeBase64Url(parts[4]);
  const key = decodeBase64Url(parts[5]);
  if (!salt || salt.length < 16 || salt.length > 64) return null;
  if (!key || key.length < 32 || key.length > 64) return null;
  return { N, r, p, salt, key };
}

/** True when `stored` is a well-formed hash with acceptable parameters. */
export function isPasswordHash(stored: string): boolean {
  return parseStoredHash(stored) !== null;
}

/** Passwords are compared in Unicode NFC, so "ñ" typed as one or two code points is the same. */
function passwordBytes(plain: string): Buffer {
  return Buffer.from(plain.normalize("NFC"), "utf8");
}

function derive(
  plain: string,
  salt: Buffer,
  keyBytes: number,
  N: number,
  r: number,
  p: number,
): Promise<Buffer> {
  return scryptAsync(passwordBytes(plain), salt, keyBytes, { N, r, p, maxmem: 2 * 128 * N * r });
}

/** A new hash of `plain` with a fresh random salt. Throws a RangeError for "" or an over-long password. */
export async function hashPassword(plain: string): Promise<string> {
  if (plain.length === 0 || plain.length > MAX_PASSWORD_LENGTH) {
    throw new RangeError(`A password must have 1 to ${MAX_PASSWORD_LENGTH} characters`);
  }
  const { N, r, p, saltBytes, keyBytes } = SCRYPT_DEFAULTS;
  const salt = randomBytes(saltBytes);
  const key = await derive(plain, salt, keyBytes, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/**
 * True when `plain` matches `stored`, compared in constant time. A malformed or unacceptable
 * stored hash, an empty or over-long password, or any failure gives false, never an exception.
 */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  if (typeof plain !== "string" || typeof stored !== "string") return false;
  if (plain.length === 0 || plain.length > MAX_PASSWORD_LENGTH) return false;
  const hash = parseStoredHash(stored);
  if (!hash) return false;
  try {
    const key = await derive(plain, hash.salt, hash.key.length, hash.N, hash.r, hash.p);
    return timingSafeEqual(key, hash.key);
  } catch {
    return false;
  }
}

/**
 * The STAFF_USERS setting as a map from lower-case user name to hash. Empty or unset gives an
 * empty map (no staff can sign in). Throws an Error naming STAFF_USERS, and never quoting a
 * hash, on an entry that is not `user=hash`, a bad user name, a malformed hash or a user listed
 * twice.
 */
export function parseStaffUsers(env: string | undefined): Map<string, string> {
  const users = new Map<string, string>();
  const entries = (env ?? "").split(/[\s,]+/).filter(Boolean);
  entries.forEach((entry, index) => {
    const position = `entry ${index + 1}`;
    const separator = entry.indexOf("=");
    if (separator === -1) {
      throw new Error(
        `STAFF_USERS: ${position} is not "user=hash"; separate entries with commas or spaces`,
      );
    }
    const user = entry.slice(0, separator);
    const hash = entry.slice(separator + 1);
    if (!STAFF_USER_NAME.test(user)) {
      throw new Error(
        `STAFF_USERS: ${position} has an invalid user name (1 to 64 letters, digits, ".", "_" or "-")`,
      );
    }
    const name = user.toLowerCase();
    if (!isPasswordHash(hash)) {
      throw new Error(
        `STAFF_USERS: the hash of user "${name}" is not a valid scrypt hash; make one with npm run staff:hash`,
      );
    }
    if (users.has(name)) throw new Error(`STAFF_USERS: user "${name}" is listed more than once`);
    users.set(name, hash);
  });
  return users;
}

let dummyHash: Promise<string> | undefined;

/**
 * The signed-in user's name (lower case) when the credentials match, else null. An unknown
 * user costs the same scrypt work as a known one, so timing does not tell which names exist.
 */
export async function verifyStaffCredentials(
  users: ReadonlyMap<string, string>,
  username: string,
  password: string,
): Promise<string | null> {
  const name = typeof username === "string" ? username.trim().toLowerCase() : "";
  const stored = users.get(name);
  if (stored === undefined) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, stored)) ? name : null;
}
