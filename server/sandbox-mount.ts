/**
 * The embedded sandbox under `/sandbox` (no API_URL): the browser loads its drawings, logos and
 * bank page from the same origin; the rest of the mount (the outbox, the API) is for signed-in
 * staff (docs/decisions/0410). The sandbox and the staff check are the build's own, the very
 * ones the store's pages use (docs/decisions/0540): a sign-out closes the mount at once.
 */
import type express from "express";
import type { RequestReaders, ServerHost } from "./app-build.ts";
import { privateAnswer, sendResponse } from "./send-response.ts";

/**
 * Opens the sandbox's catalogue and mounts it. A catalogue that cannot be written (disk full, a
 * folder that cannot be created) stops the process with one line, like a bad setting: a store up
 * with nothing to sell would pass its health checks (docs/decisions/0366).
 */
export async function mountSandbox(
  app: express.Express,
  startHost: ServerHost,
  host: () => Promise<ServerHost>,
  readers: RequestReaders,
): Promise<void> {
  await startHost.sandbox.mounted().ready.catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`The sandbox catalogue could not be built in SANDBOX_DATA_DIR: ${reason}`);
    process.exit(1);
  });
  app.use(startHost.sandbox.prefix, async (req, res) => {
    const { sandbox, staff, requests } = await host();
    // Anyone else gets the sandbox's own 404, so the mount does not tell which addresses exist.
    const open = sandbox.isBrowserLoad(req.method, mountPath(req.url));
    if (!open && !(await staff.signedIn(req.get("cookie")))) {
      res.status(404).set("Cache-Control", "no-store").json({ error: "Ruta no encontrada" });
      return;
    }
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (req.method !== "GET" && req.method !== "HEAD") {
      const limit = requests.formBodyLimit;
      const read =
        Number(req.get("content-length")) > limit
          ? "too-large"
          : await requests.readLimitedBody(req, limit);
      if (read === "aborted") return void res.destroy();
      if (read === "too-large") {
        res
          .status(413)
          .set("Connection", "close")
          .json({ error: "Cuerpo de la solicitud demasiado grande" });
        return;
      }
      body = read;
    }
    const request = readers.toFetchRequest(req, res, req.url, body);
    if (!request) {
      res.status(400).json({ error: "Solicitud no válida" });
      return;
    }
    const response = await sandbox.mounted().fetch(request);
    await sendResponse(res, open ? response : privateAnswer(response));
  });
}

/** The path below the mount as the sandbox will route it (normalised like its request URL). */
function mountPath(url: string): string {
  try {
    return new URL(`http://store.invalid${url}`).pathname;
  } catch {
    return "";
  }
}
