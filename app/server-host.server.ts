/**
 * What the Node server (server/) may use of the app: one object the build's entry exports
 * (docs/decisions/0540). The server imports no app module itself, so every stateful module (the
 * configuration, the metrics registry, the rate limits' store, readiness, the staff sessions and
 * their sign-outs, the sandbox) runs once, in the build, and the server's own paths (the sandbox
 * mount, /healthz, /readyz, /metrics, the page cache's answers) see the state the pages change.
 */
import {
  type Config,
  ConfigError,
  config,
  storeOrigin,
  usesGeneratedSecret,
} from "~/platform/config.server";
import { inArrivalOrder } from "~/platform/arrival.server";
import { withoutPersonalCookies } from "~/platform/http-cache.server";
import { logger } from "~/platform/logger.server";
import {
  createMetricsServer,
  metricsAnswer,
  observeRequest,
  serveClusterScrapes,
  startMetrics,
  watchPageCache,
} from "~/platform/metrics.server";
import { createRequestReaders } from "~/platform/node-request.server";
import { createPageCache, takeRenderedBytes } from "~/platform/page-cache.server";
import { servePrecompressed } from "~/platform/precompressed.server";
import {
  addressGroup,
  CLIENT_ADDRESS_HEADER,
  closeRateLimitStore,
  connectRateLimitStore,
  probeRateLimitStore,
  rateLimitStore,
} from "~/platform/rate-limit.server";
import { merchantApiReadiness } from "~/platform/readiness.server";
import {
  createRequestGuard,
  createRouteIds,
  FORM_BODY_LIMIT,
  readLimitedBody,
  refusalResponse,
} from "~/platform/request-guard.server";
import { warmWholeCatalogue } from "~/catalogue/catalogue.server";
import { personalSlots } from "~/layout/personal-parts.server";
import { currentStaff } from "~/staff/staff-session.server";
import { type StaffAccess, staffAccess } from "~/staff/staff-access.server";
import { getSandbox, isBrowserLoad, SANDBOX_CLIENT_HEADER, SANDBOX_PREFIX } from "../sandbox";

type Configured =
  { config: Config; staff: StaffAccess; generatedSecret: boolean } | { error: string };

/** The process's configuration and staff access, checked once; a bad value as one line. */
function configure(): Configured {
  try {
    return { config: config(), staff: staffAccess(), generatedSecret: usesGeneratedSecret() };
  } catch (error) {
    if (error instanceof ConfigError) return { error: error.message };
    throw error;
  }
}

/** Whether a Cookie header carries a valid staff session (the check of every /admin page). */
async function signedInStaff(cookie: string | undefined): Promise<boolean> {
  if (!cookie) return false;
  try {
    const request = new Request("http://store.invalid/", { headers: { cookie } });
    return (await currentStaff(request)) !== null;
  } catch {
    // The tool off answers 404 by throwing; it is never off while the sandbox is mounted.
    return false;
  }
}

/** The embedded sandbox the store's API client calls, as the server mounts it for browsers. */
function mountedSandbox() {
  const cfg = config();
  return getSandbox({
    dataDir: cfg.sandboxDataDir,
    publicBase: SANDBOX_PREFIX,
    storeOrigin: storeOrigin(cfg),
  });
}

export const serverHost = {
  configure,
  logger,
  metrics: {
    start: startMetrics,
    observeRequest,
    watchPageCache,
    answer: metricsAnswer,
    createServer: createMetricsServer,
    serveClusterScrapes,
  },
  limits: {
    connect: connectRateLimitStore,
    close: closeRateLimitStore,
    store: rateLimitStore,
    probe: probeRateLimitStore,
    addressGroup,
    clientHeader: CLIENT_ADDRESS_HEADER,
  },
  readiness: { api: merchantApiReadiness },
  staff: { signedIn: signedInStaff },
  sandbox: {
    prefix: SANDBOX_PREFIX,
    clientHeader: SANDBOX_CLIENT_HEADER,
    isBrowserLoad,
    mounted: mountedSandbox,
  },
  pages: { createPageCache, personalSlots, withoutPersonalCookies, takeRenderedBytes },
  catalogue: { warm: warmWholeCatalogue },
  requests: {
    createReaders: createRequestReaders,
    createGuard: createRequestGuard,
    createRouteIds,
    inArrivalOrder,
    formBodyLimit: FORM_BODY_LIMIT,
    readLimitedBody,
    refusal: refusalResponse,
  },
  files: { servePrecompressed },
};

export type ServerHost = typeof serverHost;
