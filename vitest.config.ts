import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "sandbox/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    environment: "node",
    // Each file still gets a fresh worker of its own (isolate stays on); a worker thread starts in
    // about a third of a child process's time, which on 2 cores halved the run (decision 0590).
    // No test uses process.chdir, signals or IPC, which threads lack.
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
