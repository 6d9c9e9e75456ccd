/**
 * The app as the server reaches it: React Router's server build and the one object its entry
 * exports (`serverHost`, app/entry.server.tsx). The server imports no module of the app itself,
 * so each of the app's modules runs once, in the build (docs/decisions/0540).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { ServerHost } from "../app/entry.server.tsx";

export type { ServerHost };

/** The process's configuration, as the build checked it. */
export type StoreConfig = Extract<
  ReturnType<ServerHost["configure"]>,
  { config: unknown }
>["config"];

/** Reads Node requests as the app and the page cache see them (one reading for both paths). */
export type RequestReaders = ReturnType<ServerHost["requests"]["createReaders"]>;
export type PageCache = ReturnType<ServerHost["pages"]["createPageCache"]>;
export type PersonalSlots = ServerHost["pages"]["personalSlots"];
export type CachedAnswer = NonNullable<ReturnType<PageCache["answerAtOnce"]>>;
export type TrustsPeer = Parameters<ServerHost["requests"]["createReaders"]>[0];

export interface AppBuild {
  /** What React Router answers from: the production build, or the dev server's current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The entry's object of the build loaded at start. */
  host: ServerHost;
  /** The entry's object of the current build (in development, after an edit, the new one). */
  currentHost: () => Promise<ServerHost>;
  /** The production build's folder; undefined in development. */
  buildDir?: string;
  vite?: ViteDevServer;
}

function hostOf(build: ServerBuild): ServerHost {
  return (build.entry.module as unknown as { serverHost: ServerHost }).serverHost;
}

/**
 * NODE_ENV=production: the build in BUILD_DIR (default `build`), loaded once. Otherwise Vite's
 * development server, whose build follows the edited files.
 */
export async function loadAppBuild(): Promise<AppBuild> {
  if (process.env.NODE_ENV === "production") {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    const file = pathToFileURL(path.join(buildDir, "server/index.js")).href;
    const build = (await import(file)) as ServerBuild;
    const host = hostOf(build);
    return { build, host, currentHost: () => Promise.resolve(host), buildDir };
  }
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const build = () =>
    vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  return {
    build,
    host: hostOf(await build()),
    currentHost: async () => hostOf(await build()),
    vite,
  };
}
