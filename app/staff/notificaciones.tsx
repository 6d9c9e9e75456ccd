import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/notificaciones";
import { extractSchema, sendSchema, TOOL_INTENTS } from "./forms";
import { NotificationTool, type ToolAnswer } from "./NotificationTool";
import { sendNotifications } from "./notify.server";
import { STAFF_HOME } from "./return-path";
import { commitStaffSession, requireStaff } from "./staff-session.server";
import { apiClient } from "~/merchant-api/client.server";
import { personalPage } from "~/platform/http-cache.server";
import { logger } from "~/platform/logger.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

/** The tool, and once after a send (POST/Redirect/GET) that send's result. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, session } = await requireStaff(request);
  const result = session.get("result") ?? null;
  // Every answer writes the cookie again: its idle time starts over, and a flash just read is
  // consumed.
  return data({ user, result }, { headers: { "Set-Cookie": await commitStaffSession(session) } });
}

export async function action({ request }: Route.ActionArgs) {
  const { user, session } = await requireStaff(request);
  const formData = await request.formData();
  const refreshed = async (status: number) => ({
    status,
    headers: { "Set-Cookie": await commitStaffSession(session) },
  });

  if (formData.get("intent") === TOOL_INTENTS.extract) {
    // Without JavaScript: the Order ID of the pasted URL, filled into the form. Nothing is sent.
    const submission = parseWithZod(formData, { schema: extractSchema });
    const answer: ToolAnswer = {
      intent: TOOL_INTENTS.extract,
      result: submission.reply(),
      extracted: submission.status === "success" ? submission.value.url : null,
    };
    return data(answer, await refreshed(submission.status === "success" ? 200 : 400));
  }

  const submission = parseWithZod(formData, { schema: sendSchema });
  if (submission.status !== "success") {
    const answer: ToolAnswer = {
      intent: TOOL_INTENTS.send,
      result: submission.reply(),
      extracted: null,
    };
    return data(answer, await refreshed(400));
  }
  const outcome = await sendNotifications({
    staffUser: user,
    orderId: submission.value.orderId,
    api: apiClient(),
    log: logger,
  });
  session.flash("result", outcome);
  // POST/Redirect/GET: a refresh of the result page never sends again.
  throw redirect(STAFF_HOME, {
    status: 303,
    headers: { "Set-Cookie": await commitStaffSession(session) },
  });
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  // A fresh form after each page load, as without JavaScript (the Order ID sent is not kept).
  const { key } = useLocation();
  return (
    <NotificationTool
      key={key}
      user={loaderData.user}
      result={loaderData.result}
      answer={actionData ?? null}
    />
  );
}
