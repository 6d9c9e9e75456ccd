import { defineConfig, devices } from "@playwright/test";
import { STORE_MAIN } from "./tests/e2e/support/store-process.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  },
};

// Every journey runs twice: with JavaScript on and with JavaScript off. A test whose
// title carries @js checks an enhancement and runs only with JavaScript on; one tagged
// @nojs checks the plain-HTML path that JavaScript replaces, and runs only with it off. One
// tagged @once checks the server's answer itself (status, metadata, JSON-LD, the text and order
// of what is listed), which JavaScript does not change: it runs once, with JavaScript off.
// @smoke marks one journey per part of the shop, which `npm run test:smoke` (in
// `npm run test:quick`) runs alone in both projects.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action of every test, which costs more than the tests; CI records
    // one when it retries a failed test.
    trace: "on-first-retry",
    // A failed journey leaves a screenshot of where it stopped in test-results/ (layout.spec.ts
    // also attaches full-page screenshots of the main screens when one scrolls sideways, and on
    // a retry).
    screenshot: "only-on-failure",
    // Endless decorative animations make headless Chromium repaint all the time and slow
    // every test; the tests of motion itself ask for "no-preference".
    reducedMotion: "reduce",
  },
  projects: [
    { name: "server", testMatch: /server\.spec\.ts/ },
    {
      name: "js-on",
      testIgnore: /server\.spec\.ts/,
      grepInvert: /@nojs\b|@once\b/,
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "js-off",
      testIgnore: /server\.spec\.ts/,
      grepInvert: /@js\b/,
      use: { ...chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // What `npm start` runs, from the build the tests use.
    command: `node ${STORE_MAIN}`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SANDBOX_DATA_DIR: ".data/sandbox",
      LOG_LEVEL: "warn",
      // A slow payment answer (the sandbox's slow fault) outlasts the store's timeout quickly.
      API_TIMEOUT_MS: "8000",
      SANDBOX_SLOW_CHARGE_MS: "10000",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      SESSION_SECRET: "e2e-secret-0123456789abcdef,e2e-old-secret-0123456789",
      // Every browser test comes from 127.0.0.1: the payment tests each name their own client
      // address (X-Forwarded-For), so the card-attempt limit per address holds per test.
      TRUST_PROXY: "loopback",
      // Required behind a proxy in production: the origin the tests reach it at.
      PUBLIC_URL: `http://localhost:${PORT}`,
    },
  },
});
