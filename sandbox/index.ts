/**
 * The embedded sandbox merchant API. SKELETON — being written.
 */
export const SANDBOX_PREFIX = "/sandbox";

export interface SandboxOptions {
  dataDir: string;
  /** Base for URLs the browser loads (images, PDFs): a path like /sandbox, or "" to use the request origin. */
  publicBase: string;
}

export interface Sandbox {
  ready: Promise<void>;
  fetch(request: Request): Promise<Response>;
}

export function getSandbox(_options: SandboxOptions): Sandbox {
  return {
    ready: Promise.resolve(),
    fetch: async () => Response.json({ error: "No implementado" }, { status: 501 }),
  };
}
