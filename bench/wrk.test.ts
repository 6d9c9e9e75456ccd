import { describe, expect, it } from "vitest";
import { readWrk } from "./wrk.ts";

// What Debian's wrk 4.1.0 printed for `wrk -t1 -c10 -d1s --latency …`.
const SUMMARY = `Running 1s test @ http://127.0.0.1:3302/nosotros.html
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   138.25us  180.04us   4.34ms   99.13%
    Req/Sec    78.47k     4.58k   81.95k    90.91%
  Latency Distribution
     50%  127.00us
     75%  131.00us
     90%  144.00us
     99%  268.00us
  85775 requests in 1.10s, 2.00GB read
Requests/sec:  77996.28
Transfer/sec:      1.82GB
`;

describe("readWrk", () => {
  it("reads the requests, their rate and the 99th percentile in ms", () => {
    expect(readWrk(SUMMARY)).toEqual({ requests: 85775, rps: 77996.28, p99: 0.268, errors: 0 });
  });

  it("reads a percentile in ms or s", () => {
    expect(readWrk(SUMMARY.replace("99%  268.00us", "99%    4.60ms")).p99).toBe(4.6);
    expect(readWrk(SUMMARY.replace("99%  268.00us", "99%    1.20s")).p99).toBe(1200);
    // As wrk prints seconds: padded to the width of "ms".
    expect(readWrk(SUMMARY.replace("99%  268.00us", "99%    1.81s ")).p99).toBe(1810);
  });

  it("counts answers other than 2xx or 3xx and failed reads, writes and timeouts", () => {
    const failing = SUMMARY.replace(
      "Requests/sec",
      "  Non-2xx or 3xx responses: 12\n  Socket errors: connect 0, read 3, write 1, timeout 2\nRequests/sec",
    );
    expect(readWrk(failing).errors).toBe(18);
  });

  it("throws on anything that is not a summary", () => {
    expect(() => readWrk("unable to connect to 127.0.0.1:1 Connection refused")).toThrow(
      /wrk said something else/,
    );
  });
});
