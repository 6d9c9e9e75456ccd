import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
  build: { target: "es2022" },
  // Short class names in the build: every page repeats them hundreds of times (0383). Readable
  // ones (file, class, line) while developing.
  css: command === "build" ? { modules: { generateScopedName: "_[hash:base64:6]" } } : {},
}));
