import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import { useNavigation } from "react-router";
import { SITE_NAME } from "~/platform/page-meta";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary, FormTitle, type SummaryEntry } from "~/ui/form/ErrorSummary";
import { FieldError, FieldHint, hintId } from "~/ui/form/Field";
import formStyles from "~/ui/form/form.module.css";
import { Form, Link } from "~/ui/router";
import { extractSchema, sendSchema, TOOL_INTENTS } from "./forms";
import { NotificationResultPanel } from "./NotificationResultPanel";
import type { NotificationOutcome } from "./notify.server";
import { ORDER_ID_INPUT_MAX_LENGTH } from "./order-id-from-url";
import { SIGN_OUT_PATH } from "./return-path";
import styles from "./staff.module.css";

/** What the action answers when it does not redirect: a refused form, or an extracted id. */
export interface ToolAnswer {
  intent: (typeof TOOL_INTENTS)[keyof typeof TOOL_INTENTS];
  result: SubmissionResult<string[]>;
  extracted: string | null;
}

const TITLE = "Notificaciones de pedidos";

/**
 * The manual notification tool (docs/decisions/0324). Two forms share the page so that Enter in
 * each field presses its own button: the Order ID form with 'Enviar Notificaciones', and below
 * it the URL form with 'Extraer Order ID'. Each button sits inside its own form, never tied to
 * it by a `form` attribute, which text browsers such as lynx ignore (issue 27). Without
 * JavaScript both go to the server (the extraction answers the page with the Order ID filled
 * in); with it the extraction happens in the browser, on the button and on paste.
 */
export function NotificationTool({
  user,
  result,
  answer,
}: {
  user: string;
  result: NotificationOutcome | null;
  answer: ToolAnswer | null;
}) {
  const hydrated = useHydrated();
  const [attempt, setAttempt] = useState(0);
  const [extracted, setExtracted] = useState<string | null>(answer?.extracted ?? null);
  const pasting = useRef(false);
  const extractButton = useRef<HTMLButtonElement>(null);

  const [sendForm, sendFields] = useForm({
    id: "enviar-notificaciones",
    lastResult: answer?.intent === TOOL_INTENTS.send ? answer.result : null,
    defaultValue: { orderId: answer?.extracted ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: sendSchema });
      if (submitter && submission.status === "error") setAttempt((n) => n + 1);
      return submission;
    },
  });

  const [extractForm, extractFields] = useForm({
    id: "extraer-order-id",
    lastResult: answer?.intent === TOOL_INTENTS.extract ? answer.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: extractSchema });
      if (submission.status === "error") {
        setExtracted(null);
        if (submitter && !pasting.current) setAttempt((n) => n + 1);
      }
      return submission;
    },
    // Only called when the URL holds an order_id: fill in the Order ID here, no request.
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      sendForm.update({ name: sendFields.orderId.name, value: submission.value.url });
      setExtracted(submission.value.url);
    },
  });

  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === TOOL_INTENTS.send;
  const orderIdValue = typeof sendFields.orderId.value === "string" ? sendFields.orderId.value : "";
  // Without JavaScript the button is always enabled: the server answers an empty Order ID.
  const sendDisabled = hydrated && (orderIdValue.trim() === "" || sending);

  const items: SummaryEntry[] = [
    ...(sendFields.orderId.errors ?? []).map((message) => ({
      href: `#${sendFields.orderId.id}`,
      message,
    })),
    ...(extractFields.url.errors ?? []).map((message) => ({
      href: `#${extractFields.url.id}`,
      message,
    })),
  ];

  /** A pasted URL is extracted at once, as if 'Extraer Order ID' were pressed. */
  function onPaste() {
    window.setTimeout(() => {
      const formElement = extractButton.current?.form;
      if (!formElement || !extractButton.current) return;
      pasting.current = true;
      try {
        formElement.requestSubmit(extractButton.current);
      } finally {
        pasting.current = false;
      }
    }, 0);
  }

  return (
    <main id="contenido" className={styles.page}>
      <FormTitle title={`${TITLE} | ${SITE_NAME}`} hasErrors={items.length > 0} />
      <div className={styles.wide}>
        <div className={styles.bar}>
          <p>
            Sesión iniciada como <strong>{user}</strong>
          </p>
          <Form method="post" action={SIGN_OUT_PATH} reloadDocument>
            <button type="submit" className={styles.link}>
              Cerrar sesión
            </button>
          </Form>
        </div>

        <h1 className={styles.title}>{TITLE}</h1>
        <p className={styles.lead}>
          Reenvía al cliente y a ventas los correos de un pedido pagado cuando la confirmación no
          salió.
        </p>

        <ErrorSummary
          errors={items}
          attempt={attempt}
          answer={answer?.result}
          role="group"
          className={styles.summary}
        />
        {result ? <NotificationResultPanel result={result} /> : null}

        <Form method="post" className={styles.form} {...getFormProps(sendForm)}>
          <div className={formStyles.field}>
            <label htmlFor={sendFields.orderId.id} className={formStyles.label}>
              Número de pedido (Order ID)
            </label>
            {/* Each control sits in its form: conform's `form` attribute is left out (issue 27). */}
            <input
              {...getInputProps(sendFields.orderId, {
                type: "text",
                ariaDescribedBy: hintId(sendFields.orderId),
              })}
              form={undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={ORDER_ID_INPUT_MAX_LENGTH}
              aria-required="true"
            />
            <FieldHint field={sendFields.orderId}>
              Por ejemplo CARD-1767225600000AB12 o PSE-1767225600000ZZ99.
            </FieldHint>
            <FieldError field={sendFields.orderId} />
          </div>
          {/* The intent rides in a hidden field: a text browser shows a button's value. */}
          <input type="hidden" name="intent" value={TOOL_INTENTS.send} />
          <button type="submit" className={buttons.primary} disabled={sendDisabled}>
            {sending ? "Enviando..." : "Enviar Notificaciones"}
          </button>
        </Form>

        <Form
          method="post"
          className={`${styles.form} ${styles.extract}`}
          {...getFormProps(extractForm)}
        >
          <div className={styles.extractRow}>
            <div className={`${formStyles.field} ${styles.urlField}`}>
              <label htmlFor={extractFields.url.id} className={formStyles.label}>
                URL de la página de pago (opcional)
              </label>
              <input
                {...getInputProps(extractFields.url, {
                  type: "url",
                  ariaDescribedBy: hintId(extractFields.url),
                })}
                form={undefined}
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={2048}
                onPaste={onPaste}
              />
            </div>
            <input type="hidden" name="intent" value={TOOL_INTENTS.extract} />
            <button ref={extractButton} type="submit" className={buttons.secondary}>
              Extraer Order ID
            </button>
          </div>
          <FieldHint field={extractFields.url}>
            Pega la URL completa de la página de confirmación del pago; de ella se toma el order_id.
          </FieldHint>
          <FieldError field={extractFields.url} />
          <p role="status" className={styles.extracted}>
            {extracted && !extractFields.url.errors
              ? `Order ID extraído de la URL: ${extracted}`
              : ""}
          </p>
        </Form>

        <p className={styles.back}>
          <Link to="/">Volver al inicio</Link>
        </p>
      </div>
    </main>
  );
}
