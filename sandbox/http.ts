/** What every side of the sandbox answers with: JSON errors in Spanish, zod-checked input. */
import type { z } from "zod";

const JSON_TYPE = "application/json; charset=utf-8";

/** An answer decided deep inside a handler (a bad parameter, an unknown id). */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function error(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "Content-Type": JSON_TYPE } });
}

/** The same error as plain data (an answer from the catalogue's thread, ../catalogue-thread.ts). */
export function plainError(status: number, message: string) {
  const headers: Array<[string, string]> = [["content-type", JSON_TYPE]];
  return { status, headers, body: JSON.stringify({ error: message }) };
}

/** What a call to the catalogue gets while it cannot be opened or its thread stopped. */
export const CATALOGUE_UNAVAILABLE = "El catálogo de pruebas no está disponible";

/** A body already serialised (stored records are kept as JSON text). */
export function rawJson(text: string, status = 200): Response {
  return new Response(text, { status, headers: { "Content-Type": JSON_TYPE } });
}

/** The parsed value, or a 400 with the first problem's message. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? "Parámetros inválidos");
}

/** Where URLs the browser loads point: the mount prefix, or the request's own origin. */
export function publicBaseOf(publicBase: string, requestUrl: string): string {
  return (publicBase || new URL(requestUrl).origin).replace(/\/+$/, "");
}
