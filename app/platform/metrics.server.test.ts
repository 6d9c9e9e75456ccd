import { describe, expect, it, vi } from "vitest";
import {
  countPageCache,
  countPayment,
  countRateLimitRefusal,
  countStaffSignIn,
  metricsAnswer,
  observeRequest,
  observeUpstream,
  scrapeMetrics,
  statusClass,
} from "./metrics.server";
import { merchantApiReadiness, noteUpstreamOutcome, registerApiProbe } from "./readiness.server";

const line = (text: string, sample: string) =>
  Number(
    text
      .split("\n")
      .find((l) => l.startsWith(`${sample} `))
      ?.split(" ")[1] ?? 0,
  );

describe("metrics", () => {
  it("counts into one registry with bounded labels, and the default process metrics", async () => {
    observeRequest("catalogue/productos", "GET", 200, 0.02);
    observeRequest("payments/pago", "PROPFIND", 503, 0.5);
    observeUpstream("card-charge", "timeout", 1.5);
    observeUpstream("producto", "refused", undefined);
    countPayment("openpay", "unknown");
    countRateLimitRefusal("card-declines-card");
    countStaffSignIn("too-many");
    const { contentType, body } = await scrapeMetrics();
    expect(contentType).toContain("text/plain");
    expect(
      line(
        body,
        'tienda_http_requests_total{route="catalogue/productos",method="GET",status="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(body).toContain('route="payments/pago",method="other",status="5xx"');
    expect(
      line(body, 'tienda_upstream_calls_total{resource="card-charge",outcome="timeout"}'),
    ).toBeGreaterThanOrEqual(1);
    // A call never sent has no duration.
    expect(body).not.toContain('tienda_upstream_call_duration_seconds_count{resource="producto"');
    expect(body).toContain('tienda_payments_total{method="openpay",outcome="unknown"}');
    expect(body).toContain('tienda_rate_limit_refusals_total{limit="card-declines-card"}');
    expect(body).toContain('tienda_staff_sign_ins_total{outcome="too-many"}');
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it("counts requests and page cache answers as they happen, across scrapes", async () => {
    const requests =
      'tienda_http_requests_total{route="content/nosotros",method="GET",status="3xx"}';
    const hits = 'tienda_page_cache_answers_total{result="hit"}';
    const stale = 'tienda_page_cache_answers_total{result="stale"}';
    const before = (await scrapeMetrics()).body;
    observeRequest("content/nosotros", "GET", 304, 0.001);
    observeRequest("content/nosotros", "GET", 301, 0.002);
    countPageCache("hit");
    countPageCache("hit");
    countPageCache("stale");
    const first = (await scrapeMetrics()).body;
    expect(line(first, requests)).toBe(2);
    expect(line(first, hits) - line(before, hits)).toBe(2);
    expect(line(first, stale) - line(before, stale)).toBe(1);
    observeRequest("content/nosotros", "GET", 302, 0.003);
    countPageCache("hit");
    const second = (await scrapeMetrics()).body;
    expect(line(second, requests)).toBe(3);
    expect(line(second, hits) - line(before, hits)).toBe(3);
  });

  it("keeps each request's duration in its label set's buckets, as Prometheus reads a histogram", async () => {
    const sample = (le: string) =>
      `tienda_http_request_duration_seconds_bucket{le="${le}",route="home/inicio",method="HEAD",status="4xx"}`;
    const series = '{route="home/inicio",method="HEAD",status="4xx"}';
    observeRequest("home/inicio", "HEAD", 404, 0.02);
    observeRequest("home/inicio", "HEAD", 410, 0.025); // on a bound: in its bucket
    observeRequest("home/inicio", "HEAD", 404, 0.3);
    observeRequest("home/inicio", "HEAD", 200, 0.001); // another label set
    const { body } = await scrapeMetrics();
    expect(line(body, sample("0.005"))).toBe(0);
    expect(line(body, sample("0.01"))).toBe(0);
    expect(line(body, sample("0.025"))).toBe(2);
    expect(line(body, sample("0.25"))).toBe(2);
    expect(line(body, sample("0.5"))).toBe(3);
    expect(line(body, sample("+Inf"))).toBe(3);
    expect(line(body, `tienda_http_request_duration_seconds_sum${series}`)).toBeCloseTo(0.345);
    expect(line(body, `tienda_http_request_duration_seconds_count${series}`)).toBe(3);
    expect(line(body, `tienda_http_requests_total${series}`)).toBe(3);
  });

  it("status classes", () => {
    expect([200, 303, 404, 503, 42].map(statusClass)).toEqual([
      "2xx",
      "3xx",
      "4xx",
      "5xx",
      "other",
    ]);
  });

  it("asks for the bearer token when one is set", async () => {
    const token = "metrics-token-0123456789";
    expect((await metricsAnswer(undefined, token)).status).toBe(401);
    expect((await metricsAnswer("Bearer wrong-token-012345678", token)).status).toBe(401);
    expect((await metricsAnswer(`Basic ${token}`, token)).status).toBe(401);
    const refused = await metricsAnswer(undefined, token);
    expect(refused.headers["WWW-Authenticate"]).toContain("Bearer");
    expect(refused.body).not.toContain("tienda_");
    const allowed = await metricsAnswer(`Bearer ${token}`, token);
    expect(allowed.status).toBe(200);
    expect(allowed.headers["Cache-Control"]).toBe("no-store");
    expect(allowed.body).toContain("tienda_http_requests_total");
    // The metrics port without a token: whoever reaches it.
    expect((await metricsAnswer(undefined, undefined)).status).toBe(200);
    // A scrape that fails (a worker that did not answer the primary) is a 503.
    const failed = await metricsAnswer(undefined, undefined, () => Promise.reject(new Error("x")));
    expect(failed.status).toBe(503);
  });
});

describe("merchant API readiness", () => {
  it("ok while the API answered in the last 30 s; else one probe decides", async () => {
    let now = 1_000_000;
    const clock = () => now;
    noteUpstreamOutcome("ok", now);
    const probe = vi.fn(() => Promise.resolve());
    registerApiProbe(probe);
    expect(await merchantApiReadiness({ now: clock })).toBe("ok");
    // A 4xx is an answer too; a 5xx or a timeout is not.
    now += 20_000;
    noteUpstreamOutcome("4xx", now);
    noteUpstreamOutcome("5xx", now + 1);
    noteUpstreamOutcome("timeout", now + 2);
    now += 29_000;
    expect(await merchantApiReadiness({ now: clock })).toBe("ok");
    expect(probe).not.toHaveBeenCalled();

    // Silent for more than 30 s: a probe that meets no answer leaves it not ready.
    now += 2_000;
    registerApiProbe(probe.mockImplementation(() => Promise.reject(new Error("timeout"))));
    expect(await merchantApiReadiness({ now: clock })).toBe("no-answer");
    expect(probe).toHaveBeenCalledTimes(1);

    // A probe that is answered (the transport notes it) makes it ready again.
    registerApiProbe(async () => noteUpstreamOutcome("ok", now));
    expect(await merchantApiReadiness({ now: clock })).toBe("ok");

    // A probe that hangs is waited for only so long.
    now += 60_000;
    registerApiProbe(() => new Promise(() => {}));
    expect(await merchantApiReadiness({ now: clock, waitMs: 20 })).toBe("no-answer");
  });
});
