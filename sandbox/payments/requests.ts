/**
 * How the payments API reads a request and words a refusal: the three error shapes (plain,
 * the Openpay error object of a token, a charge's `success: false`), the JSON body checked with
 * zod, and the path without its mount and fault prefixes.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import type { FaultMode } from "./fixtures.ts";
import { gatewayError } from "./gateway.ts";
import type { GatewayErrorCode } from "./gateway.ts";
import { describeIssues, issuesOf, spanishErrors } from "./schemas.ts";
import type { FieldIssue } from "./schemas.ts";

const FAULTS = PAYMENT_FIXTURES.faults;

/** Error shapes: plain `{ error }`, the Openpay error object (token), or `{ success: false, error }` (charge). */
export type Family = "plain" | "token" | "charge";

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: Record<string, unknown>;
  constructor(status: ContentfulStatusCode, body: Record<string, unknown>) {
    super(typeof body.error === "string" ? body.error : "HTTP error");
    this.status = status;
    this.body = body;
  }
}

export const plain = (
  status: ContentfulStatusCode,
  message: string,
  extra: Record<string, unknown> = {},
) => new HttpError(status, { error: message, ...extra });

export function gatewayFailure(
  family: Family,
  code: GatewayErrorCode,
  opts: {
    description?: string;
    status?: ContentfulStatusCode;
    extra?: Record<string, unknown>;
  } = {},
): HttpError {
  const err = gatewayError(code, opts.description);
  const status = opts.status ?? (err.http_code as ContentfulStatusCode);
  err.http_code = status;
  const extra = opts.extra ?? {};
  if (family === "token") return new HttpError(status, { ...err, ...extra });
  if (family === "charge")
    return new HttpError(status, {
      success: false,
      message: err.description,
      error: err,
      ...extra,
    });
  return new HttpError(status, { error: err.description, error_code: code, ...extra });
}

export function validationFailure(family: Family, issues: FieldIssue[]): HttpError {
  const detail = describeIssues(issues);
  if (family === "plain") return plain(422, "Error de validación", { detail, fields: issues });
  return gatewayFailure(family, 1003, {
    description: `Error de validación: ${detail}`,
    extra: { detail, fields: issues },
  });
}

export function familyOf(path: string): Family {
  if (path === "/payments/card/token") return "token";
  if (path === "/payments/card/charge") return "charge";
  return "plain";
}

/** Path without the query, the mount prefix, the fault prefix and a trailing slash; plus the fault prefix's mode. */
export function splitPath(url: string): { path: string; fault: string | null } {
  const raw = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] || "/";
  const m = /^(?:\/sandbox(?=\/|$))?(?:\/_falla\/([A-Za-z0-9-]{1,40})(?=\/|$))?(.*)$/.exec(raw)!;
  const rest = m[2].replace(/\/+$/, "") || "/";
  return { path: rest, fault: m[1]?.toLowerCase() ?? null };
}

const MODES: readonly string[] = FAULTS.modes;

export function faultMode(c: {
  req: { header(name: string): string | undefined; url: string };
}): FaultMode | null {
  const header = c.req.header(FAULTS.header)?.trim().toLowerCase();
  if (header && MODES.includes(header)) return header as FaultMode;
  const fromPath = splitPath(c.req.url).fault;
  return fromPath && MODES.includes(fromPath) ? (fromPath as FaultMode) : null;
}

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  family: Family,
): Promise<z.output<S>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!/^application\/([a-z0-9.+-]*\+)?json$/.test(type)) {
    // Also keeps cross-site HTML forms (no JSON content type without CORS) from creating payments.
    const message = "El cuerpo debe enviarse como JSON (Content-Type: application/json)";
    throw family === "plain"
      ? plain(415, message)
      : gatewayFailure(family, 1001, { description: message, status: 415 });
  }
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    const message = "El cuerpo de la solicitud no es JSON válido";
    throw family === "plain"
      ? plain(400, message)
      : gatewayFailure(family, 1001, { description: message });
  }
  const result = schema.safeParse(value, { error: spanishErrors });
  if (!result.success) throw validationFailure(family, issuesOf(result.error));
  return result.data;
}
