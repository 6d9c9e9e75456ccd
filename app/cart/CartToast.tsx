import { useEffect, useState } from "react";
import type { FlashNotice as Notice } from "~/platform/flash.server";
import { onCartNotice } from "./cart-fetcher";
import { NoticeRegion, NoticeText } from "~/ui/FlashNotice";

/**
 * With JavaScript the cart forms answer in place; their notice appears here, in
 * a status region mounted once (in the header) so screen readers announce each
 * new message. Same look and 3 s as the no-JS flash notice.
 */
export function CartToast() {
  const [current, setCurrent] = useState<{ notice: Notice; key: number } | null>(null);
  useEffect(() => onCartNotice((notice) => setCurrent({ notice, key: Date.now() })), []);
  return (
    <NoticeRegion>
      {current ? (
        <NoticeText key={current.key} notice={current.notice} onDone={() => setCurrent(null)} />
      ) : null}
    </NoticeRegion>
  );
}
