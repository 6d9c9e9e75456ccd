import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest (2.3 KB gzip) comes with the first page, instead of a /__manifest
  // request for the links on screen right after hydration (docs/decisions/0382).
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets several builds coexist (parallel test runs); server.ts reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
