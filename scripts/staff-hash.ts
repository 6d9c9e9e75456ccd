/**
 * Prints the scrypt hash of a staff password, for the STAFF_USERS setting.
 *
 *   node scripts/staff-hash.ts                     reads the password from the first line of stdin
 *   node scripts/staff-hash.ts 'password'          takes it from the command line (kept in shell history)
 *   node scripts/staff-hash.ts --user ana          prints "ana=<hash>", ready for STAFF_USERS
 *
 * The hash contains "$": single-quote it in a shell.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import {
  hashPassword,
  MAX_PASSWORD_LENGTH,
  STAFF_USER_NAME,
} from "../app/staff/password.server.ts";

async function firstLineOfStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password: ");
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { user: { type: "string" } }, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    process.stderr.write("Give at most one password; quote it if it has spaces.\n");
    return 2;
  }
  if (values.user !== undefined && !STAFF_USER_NAME.test(values.user)) {
    process.stderr.write('The user name takes 1 to 64 letters, digits, ".", "_" or "-".\n');
    return 2;
  }
  const password = positionals[0] ?? (await firstLineOfStdin()).replace(/\r$/, "");
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) {
    process.stderr.write(`The password must have 1 to ${MAX_PASSWORD_LENGTH} characters.\n`);
    return 1;
  }
  const hash = await hashPassword(password);
  process.stdout.write(
    `${values.user === undefined ? "" : `${values.user.toLowerCase()}=`}${hash}\n`,
  );
  return 0;
}

process.exitCode = await main();
