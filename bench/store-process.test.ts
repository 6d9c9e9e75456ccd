import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { cpuNs, mainThreadNs } from "./store-process.ts";

// A process that burns its main thread, then a worker thread of its own, each on a word.
const CHILD = `
const { Worker } = require("node:worker_threads");
// Burns 300 ms of the calling thread's own CPU (not of the clock: other tests share the cores).
const burn = () => { const from = process.threadCpuUsage(); let used = 0; while (used < 300_000) { const u = process.threadCpuUsage(from); used = u.user + u.system; } };
const lines = require("node:readline").createInterface({ input: process.stdin });
console.log("ready");
lines.on("line", (word) => {
  if (word === "main") { burn(); console.log("done"); }
  if (word === "worker") {
    const worker = new Worker("const { parentPort } = require('node:worker_threads'); (" + burn + ")(); parentPort.postMessage(1); parentPort.on('message', () => {});", { eval: true });
    // Kept alive by its port's listener: an ended thread leaves /proc, and its count with it.
    worker.once("message", () => console.log("done"));
  }
  if (word === "exit") process.exit(0);
});
`;

describe("the bench's CPU counts", () => {
  it("count the main thread's work in mainThreadNs, a worker thread's in cpuNs only", async () => {
    const child = spawn(process.execPath, ["-e", CHILD], { stdio: ["pipe", "pipe", "inherit"] });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => (await lines.next()).value as string;
    const pid = child.pid!;
    expect(await next()).toBe("ready");
    const counts = () => ({ all: cpuNs(pid)! / 1e6, main: mainThreadNs(pid)! / 1e6 });

    const start = counts();
    child.stdin.write("main\n");
    expect(await next()).toBe("done");
    const afterMain = counts();
    child.stdin.write("worker\n");
    expect(await next()).toBe("done");
    const afterWorker = counts();
    child.stdin.write("exit\n");
    await once(child, "exit");

    // 300 ms burnt on the main thread: counted by both.
    expect(afterMain.main - start.main).toBeGreaterThan(250);
    expect(afterMain.all - start.all).toBeGreaterThan(250);
    // 300 ms burnt on a worker thread: in every thread's count, not in the main thread's.
    const workerMs = afterWorker.all - afterMain.all - (afterWorker.main - afterMain.main);
    expect(workerMs).toBeGreaterThan(250);
    expect(afterWorker.main - afterMain.main).toBeLessThan(workerMs);
  });
});
