/**
 * Flash messages on a signed cookie. SKELETON — being written by the cart issue.
 */
export interface FlashNotice {
  type: "success" | "error" | "info";
  message: string;
}

/** Reads (and consumes) the flash notice; send `headers` with the response. */
export async function getFlash(
  _request: Request,
): Promise<{ notice: FlashNotice | null; headers: Headers }> {
  return { notice: null, headers: new Headers() };
}
