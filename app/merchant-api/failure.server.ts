/**
 * The one rule that turns an upstream failure into the status the shopper's page gets
 * (docs/decisions/0260): an id the API does not know or refuses is a page that does not
 * exist (404); an API that is slow or out of reach is a temporary outage (503); any other
 * upstream error is a bad gateway (502). Every loader and resource route uses it.
 */
import { data } from "react-router";
import { ApiError } from "./transport.server.ts";

export type FailureStatus = 404 | 502 | 503;

export function failureStatus(error: unknown): FailureStatus {
  if (!(error instanceof ApiError)) return 502;
  if (error.kind === "timeout" || error.kind === "unreachable") return 503;
  // 400 and 422 are the API refusing a malformed id or parameter: nothing by that name exists.
  if (error.status === 404 || error.status === 400 || error.status === 422) return 404;
  if (error.status === 503) return 503;
  return 502;
}

/** Whether the failure is an outage worth a warning (a 404 is an ordinary answer). */
export function isOutage(error: unknown): boolean {
  return failureStatus(error) !== 404;
}

/**
 * The message a shopper may read: the API's own (written for shoppers: docs/decisions/0260) for an
 * upstream error, never the text of an unexpected exception.
 */
export function failureMessage(error: unknown, fallback = "Error inesperado"): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** A thrown route response for the failure, for the route's error boundary. */
export function failureResponse(error: unknown, notFoundMessage: string) {
  const status = failureStatus(error);
  return data(
    { message: status === 404 ? notFoundMessage : failureMessage(error) },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}
