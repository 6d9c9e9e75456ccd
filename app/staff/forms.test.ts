import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NOT_ALLOWED_MESSAGE } from "~/text/control-characters";
import { extractSchema, SIGN_IN_MESSAGES, sendSchema, signInSchema } from "./forms";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("sendSchema (as conform parses a posted form)", () => {
  it("gives the trimmed Order ID", () => {
    const submission = parseWithZod(form({ orderId: "  CARD-1767225600000AB12 " }), {
      schema: sendSchema,
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.orderId).toBe(
      "CARD-1767225600000AB12",
    );
  });

  it.each<Record<string, string>>([{}, { orderId: "" }, { orderId: "   " }, { orderId: "CARD 1" }])(
    "answers 'Por favor ingresa un Order ID válido' for %j",
    (entries) => {
      const submission = parseWithZod(form(entries), { schema: sendSchema });
      expect(submission.status).toBe("error");
      expect(submission.status === "error" && submission.error?.orderId).toEqual([
        "Por favor ingresa un Order ID válido",
      ]);
    },
  );
});

describe("extractSchema", () => {
  it("gives the order_id of the URL", () => {
    const submission = parseWithZod(
      form({ url: "https://x.co/checkout/success/card?id=tr1&order_id=CARD-1" }),
      { schema: extractSchema },
    );
    expect(submission.status === "success" && submission.value.url).toBe("CARD-1");
  });

  it.each<[Record<string, string>, string]>([
    [{}, "URL inválida. Por favor verifica el formato."],
    [{ url: "" }, "URL inválida. Por favor verifica el formato."],
    [{ url: "CARD-1" }, "URL inválida. Por favor verifica el formato."],
    [{ url: "https://x.co/?id=1" }, "No se encontró order_id en la URL proporcionada"],
  ])("answers the spec's message for %j", (entries, message) => {
    const submission = parseWithZod(form(entries), { schema: extractSchema });
    expect(submission.status === "error" && submission.error?.url).toEqual([message]);
  });
});

describe("signInSchema", () => {
  it("trims the user name, never the password", () => {
    const submission = parseWithZod(form({ usuario: " Ana ", clave: " clave " }), {
      schema: signInSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      usuario: "Ana",
      clave: " clave ",
    });
  });

  it("asks for each missing field", () => {
    const submission = parseWithZod(form({ usuario: "  ", clave: "" }), { schema: signInSchema });
    expect(submission.status === "error" && submission.error).toMatchObject({
      usuario: [SIGN_IN_MESSAGES.user],
      clave: [SIGN_IN_MESSAGES.password],
    });
  });
});

describe("control characters (issue 23, point 8)", () => {
  it.each<[typeof sendSchema | typeof extractSchema | typeof signInSchema, string, string]>([
    [sendSchema, "orderId", "CARD-1767225600000AB12\r\n"],
    [sendSchema, "orderId", "CARD-1767225600000AB12\u202e"],
    [extractSchema, "url", "https://x.co/checkout/success/card?order_id=CARD-\n1"],
    [extractSchema, "url", "https://x.co/?order_id=CARD-1\u0000"],
    [extractSchema, "url", "\u202ehttps://x.co/?order_id=CARD-1"],
    [signInSchema, "usuario", "ana\r\nadmin"],
    [signInSchema, "usuario", "ana\u001b[2J"],
  ])("refuses them in %#: %s", (schema, field, value) => {
    const entries: Record<string, string> = { [field]: value };
    if (schema === signInSchema) entries.clave = "clave";
    const submission = parseWithZod(form(entries), { schema });
    expect(submission.status === "error" && submission.error).toEqual({
      [field]: [NOT_ALLOWED_MESSAGE],
    });
  });

  it("leaves the password alone: it is only compared with its hash", () => {
    const submission = parseWithZod(form({ usuario: "ana", clave: "a\tb\u202e" }), {
      schema: signInSchema,
    });
    expect(submission.status === "success" && submission.value.clave).toBe("a\tb\u202e");
  });
});
