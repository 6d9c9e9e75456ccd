import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
  build: { target: "es2022" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A few larger files instead of about 18 small ones per page: over HTTP/1.1 each file
            // waits for one of six connections and a round trip of its own, and the stylesheets
            // of the shared modules come as one file (docs/decisions/0382).
            codeSplitting: {
              groups: [
                {
                  // What every page runs: React (without react-dom, which stays with the entry)
                  // and React Router.
                  name: "framework",
                  test: /node_modules[\\/](react|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                {
                  // The store's modules that two or more routes use; checkout, payments, the
                  // staff tool and the form kit keep their own chunks, so the shop pages never
                  // load them.
                  name: "shop",
                  test: (id: string) =>
                    /[\\/]app[\\/]/.test(id) &&
                    !/[\\/]app[\\/](checkout|payments|staff|ui[\\/]form)[\\/]/.test(id),
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  // Short class names in the build: every page repeats them hundreds of times (0383). Readable
  // ones (file, class, line) while developing.
  css: command === "build" ? { modules: { generateScopedName: "_[hash:base64:6]" } } : {},
}));
