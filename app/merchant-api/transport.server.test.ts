import { describe, expect, it, vi } from "vitest";
import { serveFetch } from "../../tests/support/fetch-server";
import { failureStatus } from "./failure.server";
import { ApiError, BUSY_MESSAGE, createTransport } from "./transport.server";
import { inArrivalOrder } from "~/platform/arrival.server";

/**
 * An API that answers each call only when the test says so (`release`), with `body` of the
 * path asked for; `asked`: the paths, in the order they reached it.
 */
async function heldApi(body: (path: string) => unknown) {
  const asked: string[] = [];
  const release: Array<() => void> = [];
  const api = await serveFetch((request) => {
    const path = new URL(request.url).pathname;
    asked.push(path);
    return new Promise<Response>((resolve) =>
      release.push(() => resolve(Response.json(body(path)))),
    );
  });
  return { api, asked, release };
}

describe("the upstream queue is bounded", () => {
  it("past API_QUEUE_MAX waiting calls, a call fails at once with a busy 503", async () => {
    const { api, release } = await heldApi(() => ({ ok: 1 }));
    const transport = createTransport({
      baseUrl: api.url,
      timeoutMs: 5_000,
      concurrency: 1,
      queueMax: 2,
    });
    const running = transport.getJson("/a");
    const queued = [transport.getJson("/b"), transport.getJson("/c")];
    await new Promise((r) => setTimeout(r, 10));
    expect(transport.activeCount).toBe(1);
    expect(transport.pendingCount).toBe(2);

    await vi.waitFor(() => expect(release).toHaveLength(1)); // the first reached the API
    const refused = await transport.getJson("/d").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, kind: "busy", message: BUSY_MESSAGE });
    expect(failureStatus(refused)).toBe(503);
    await new Promise((r) => setTimeout(r, 20));
    expect(release).toHaveLength(1); // never sent

    // The calls that did wait are answered as slots free up, and the queue takes calls again.
    for (let i = 0; i < 3; i++) {
      await vi.waitFor(() => expect(release).toHaveLength(1));
      release.shift()?.();
    }
    await expect(Promise.all([running, ...queued])).resolves.toEqual([
      { ok: 1 },
      { ok: 1 },
      { ok: 1 },
    ]);
    const again = transport.getJson("/e");
    await vi.waitFor(() => expect(release).toHaveLength(1));
    release.shift()?.();
    await expect(again).resolves.toEqual({ ok: 1 });
    await api.close();
  });
});

describe("waiting calls go by their request's arrival", () => {
  it("an older request's call passes newer ones; a call outside a request waits for those already there", async () => {
    const { api, asked, release } = await heldApi(() => ({}));
    const transport = createTransport({ baseUrl: api.url, timeoutMs: 5_000, concurrency: 1 });
    const now = performance.now();
    const calls = [transport.getJson("/holding")];
    await vi.waitFor(() => expect(release).toHaveLength(1));
    // Made in this order, waiting for the one slot.
    calls.push(inArrivalOrder(now - 10, () => transport.getJson("/arrived-10-ms-ago")));
    calls.push(inArrivalOrder(now + 1_000, () => transport.getJson("/arrives-after-all")));
    calls.push(transport.getJson("/background"));
    calls.push(inArrivalOrder(now - 20, () => transport.getJson("/arrived-20-ms-ago")));
    expect(transport.pendingCount).toBe(4);
    for (let answered = 1; answered <= 5; answered++) {
      await vi.waitFor(() => expect(asked).toHaveLength(answered));
      release.shift()?.();
    }
    await Promise.all(calls);
    expect(asked).toEqual([
      "/holding",
      "/arrived-20-ms-ago",
      "/arrived-10-ms-ago",
      "/background",
      "/arrives-after-all",
    ]);
    await api.close();
  });
});

describe("a GET on its way is shared", () => {
  it("callers asking for the same path meanwhile get its answer from one upstream call", async () => {
    const { api, asked, release } = await heldApi((path) => ({ path }));
    const transport = createTransport({
      baseUrl: api.url,
      timeoutMs: 5_000,
      concurrency: 6,
      queueMax: 10,
    });
    const same = [transport.getJson("/api/productos/1"), transport.getJson("/api/productos/1")];
    const other = transport.getJson("/api/productos/2");
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(asked.sort()).toEqual(["/api/productos/1", "/api/productos/2"]);
    release.splice(0).forEach((answer) => answer());
    await expect(Promise.all([...same, other])).resolves.toEqual([
      { path: "/api/productos/1" },
      { path: "/api/productos/1" },
      { path: "/api/productos/2" },
    ]);
    // Once answered, the path is asked for again.
    const later = transport.getJson("/api/productos/1");
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    release.splice(0).forEach((answer) => answer());
    await expect(later).resolves.toEqual({ path: "/api/productos/1" });
    await api.close();
  });
});
