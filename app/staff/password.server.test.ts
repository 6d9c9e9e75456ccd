import { execFile } from "node:child_process";
import { scryptSync } from "node:crypto";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  hashPassword,
  isPasswordHash,
  MAX_PASSWORD_LENGTH,
  parseStaffUsers,
  verifyPassword,
  verifyStaffCredentials,
} from "./password.server";

const b64 = (bytes: Buffer) => bytes.toString("base64url");

/** A hash made independently with scryptSync, to pin the format. */
function referenceHash(
  password: string,
  salt: Buffer,
  keyBytes = 32,
  N = 16384,
  r = 8,
  p = 1,
): string {
  const key = scryptSync(Buffer.from(password, "utf8"), salt, keyBytes, {
    N,
    r,
    p,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$${N}$${r}$${p}$${b64(salt)}$${b64(key)}`;
}

const SALT = Buffer.alloc(16, 7);
const GOOD = referenceHash("correct horse", SALT);
const [, , , , GOOD_SALT, GOOD_KEY] = GOOD.split("$");

describe("hashPassword", () => {
  let first: string;
  beforeAll(async () => {
    first = await hashPassword("correct horse");
  });

  it("writes scrypt$16384$8$1$<16-byte salt>$<32-byte key>", () => {
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it("derives the key node's scrypt gives for that salt", () => {
    const [, , , , salt] = first.split("$");
    expect(first).toBe(referenceHash("correct horse", Buffer.from(salt, "base64url")));
  });

  it("uses a fresh salt each time", async () => {
    const second = await hashPassword("correct horse");
    expect(second).not.toBe(first);
    expect(await verifyPassword("correct horse", second)).toBe(true);
  });

  it.each(["", "a".repeat(MAX_PASSWORD_LENGTH + 1)])(
    "refuses a password of length %#",
    async (plain) => {
      await expect(hashPassword(plain)).rejects.toThrow(RangeError);
    },
  );
});

describe("verifyPassword", () => {
  it.each([
    ["the right password", "correct horse", GOOD, true],
    ["a wrong password", "correct horsE", GOOD, false],
    ["a prefix of the password", "correct hors", GOOD, false],
    ["the password with a trailing space", "correct horse ", GOOD, false],
    ["an empty password", "", GOOD, false],
    ["an over-long password", "a".repeat(MAX_PASSWORD_LENGTH + 1), GOOD, false],
    ["a 64-byte key", "correct horse", referenceHash("correct horse", SALT, 64), true],
    ["a stronger N", "correct horse", referenceHash("correct horse", SALT, 32, 32768), true],
    ["a 32-byte salt", "correct horse", referenceHash("correct horse", Buffer.alloc(32, 1)), true],
  ])("answers %s", async (_label, plain, stored, expected) => {
    expect(await verifyPassword(plain, stored)).toBe(expected);
  });

  it("compares passwords in Unicode NFC", async () => {
    const stored = await hashPassword("contraseña");
    expect(await verifyPassword("contrasen\u0303a", stored)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["only the scheme", "scrypt"],
    ["another scheme", GOOD.replace(/^scrypt/, "bcrypt")],
    ["a missing part", `scrypt$16384$8$1$${GOOD_SALT}`],
    ["an extra part", `${GOOD}$x`],
    ["N not a power of two", `scrypt$16383$8$1$${GOOD_SALT}$${GOOD_KEY}`],
    ["N weaker than 16384", referenceHash("correct horse", SALT, 32, 1024)],
    ["N asking for more than 256 MiB", `scrypt$1048576$8$1$${GOOD_SALT}$${GOOD_KEY}`],
    ["a huge N", `scrypt$999999999$8$1$${GOOD_SALT}$${GOOD_KEY}`],
    ["N with a leading zero", `scrypt$016384$8$1$${GOOD_SALT}$${GOOD_KEY}`],
    ["r of zero", `scrypt$16384$0$1$${GOOD_SALT}$${GOOD_KEY}`],
    ["p of 17", `scrypt$16384$8$17$${GOOD_SALT}$${GOOD_KEY}`],
    ["a negative p", `scrypt$16384$8$-1$${GOOD_SALT}$${GOOD_KEY}`],
    ["a 15-byte salt", `scrypt$16384$8$1$${b64(Buffer.alloc(15))}$${GOOD_KEY}`],
    ["a padded salt", `scrypt$16384$8$1$${SALT.toString("base64")}$${GOOD_KEY}`],
    ["a salt with a stray bit", `scrypt$16384$8$1$${GOOD_SALT.slice(0, -1)}x$${GOOD_KEY}`],
    ["a salt with +", `scrypt$16384$8$1$${GOOD_SALT.slice(0, -2)}+A$${GOOD_KEY}`],
    ["a 31-byte key", `scrypt$16384$8$1$${GOOD_SALT}$${b64(Buffer.alloc(31))}`],
    ["a 65-byte key", `scrypt$16384$8$1$${GOOD_SALT}$${b64(Buffer.alloc(65))}`],
    ["spaces around", ` ${GOOD} `],
  ])("returns false, without throwing, for a stored hash with %s", async (_label, stored) => {
    expect(isPasswordHash(stored)).toBe(false);
    await expect(verifyPassword("correct horse", stored)).resolves.toBe(false);
  });

  it("returns false for values that are not strings at run time", async () => {
    await expect(verifyPassword(undefined as unknown as string, GOOD)).resolves.toBe(false);
    await expect(verifyPassword("correct horse", null as unknown as string)).resolves.toBe(false);
  });
});

describe("parseStaffUsers", () => {
  const OTHER = referenceHash("otra clave", Buffer.alloc(16, 9));

  it.each<[string, string | undefined, Array<[string, string]>]>([
    ["unset", undefined, []],
    ["empty", "", []],
    ["blank", " \n ", []],
    ["one user", `ana=${GOOD}`, [["ana", GOOD]]],
    [
      "comma-separated",
      `ana=${GOOD},luis=${OTHER}`,
      [
        ["ana", GOOD],
        ["luis", OTHER],
      ],
    ],
    [
      "space-separated",
      `ana=${GOOD} luis=${OTHER}`,
      [
        ["ana", GOOD],
        ["luis", OTHER],
      ],
    ],
    [
      "newlines, commas and a trailing comma",
      `\n ana=${GOOD},\n\tluis=${OTHER} ,`,
      [
        ["ana", GOOD],
        ["luis", OTHER],
      ],
    ],
    [
      "a user name with dots, dashes and capitals",
      `Ana.Maria_G-1=${GOOD}`,
      [["ana.maria_g-1", GOOD]],
    ],
  ])("reads %s", (_label, env, expected) => {
    expect([...parseStaffUsers(env)]).toEqual(expected);
  });

  it.each<[string, string, RegExp]>([
    ["an entry without =", `ana${GOOD}`, /^STAFF_USERS: entry 1 is not "user=hash"/],
    ["a user:hash entry", `ana:${GOOD}`, /^STAFF_USERS: entry 1 is not "user=hash"/],
    ["an empty user name", `=${GOOD}`, /^STAFF_USERS: entry 1 has an invalid user name/],
    ["a user name with @", `ana@x.co=${GOOD}`, /^STAFF_USERS: entry 1 has an invalid user name/],
    ["a 65-character user name", `${"a".repeat(65)}=${GOOD}`, /invalid user name/],
    ["an empty hash", "ana=", /^STAFF_USERS: the hash of user "ana" is not a valid scrypt hash/],
    [
      "a plain password in place of a hash",
      "ana=secreto",
      /the hash of user "ana" is not a valid scrypt hash/,
    ],
    ["a second entry broken", `ana=${GOOD},luis`, /^STAFF_USERS: entry 2 is not "user=hash"/],
    [
      "a user listed twice",
      `ana=${GOOD} ANA=${OTHER}`,
      /^STAFF_USERS: user "ana" is listed more than once/,
    ],
  ])("throws on %s", (_label, env, message) => {
    expect(() => parseStaffUsers(env)).toThrow(message);
  });

  it("never quotes a hash or password in its errors", () => {
    for (const env of [`ana=${GOOD.slice(0, -1)}`, "ana=secreto", `ana=${GOOD} ana=${GOOD}`]) {
      let message = "";
      try {
        parseStaffUsers(env);
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
      }
      expect(message).toMatch(/^STAFF_USERS/);
      expect(message).not.toContain("secreto");
      expect(message).not.toContain(GOOD_KEY.slice(0, 10));
    }
  });
});

describe("verifyStaffCredentials", () => {
  const users = parseStaffUsers(`ana=${GOOD}`);

  it.each([
    ["the right user and password", "ana", "correct horse", "ana"],
    ["the user name in capitals with spaces", " ANA ", "correct horse", "ana"],
    ["a wrong password", "ana", "wrong", null],
    ["an empty password", "ana", "", null],
    ["an unknown user", "luis", "correct horse", null],
    ["an empty user", "", "correct horse", null],
  ])("answers %s", async (_label, user, password, expected) => {
    expect(await verifyStaffCredentials(users, user, password)).toBe(expected);
  });
});

describe("scripts/staff-hash.ts", () => {
  const script = fileURLToPath(new URL("../../scripts/staff-hash.ts", import.meta.url));

  function run(
    args: string[],
    stdin: string,
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = execFile(process.execPath, [script, ...args], (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
      child.stdin?.end(stdin);
    });
  }

  it.each<[string, string[], string, string, string]>([
    ["a password on stdin", [], "clave de prueba\nignored second line\n", "clave de prueba", ""],
    ["a password with Windows line ending", [], "clave\r\n", "clave", ""],
    ["a password argument", ["clave argumento"], "", "clave argumento", ""],
    ["a user name", ["--user", "Ana", "clave"], "", "clave", "ana="],
  ])("prints a hash that verifies for %s", async (_label, args, stdin, password, prefix) => {
    const { code, stdout } = await run(args, stdin);
    expect(code).toBe(0);
    expect(stdout.endsWith("\n")).toBe(true);
    const line = stdout.trim();
    expect(line.startsWith(`${prefix}scrypt$`)).toBe(true);
    expect(await verifyPassword(password, line.slice(prefix.length))).toBe(true);
  });

  it.each<[string, string[], string, number]>([
    ["an empty stdin", [], "", 1],
    ["an empty first line", [], "\nclave\n", 1],
    ["two passwords", ["a", "b"], "", 2],
    ["an unknown option", ["--bad"], "", 2],
    ["a bad user name", ["--user", "a b", "clave"], "", 2],
  ])("fails with nothing on stdout for %s", async (_label, args, stdin, expected) => {
    const { code, stdout, stderr } = await run(args, stdin);
    expect(code).toBe(expected);
    expect(stdout).toBe("");
    expect(stderr).not.toBe("");
  });
});
