import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useNavigation } from "react-router";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary, FormTitle, summaryEntries } from "~/ui/form/ErrorSummary";
import { controlProps, Field, hintId } from "~/ui/form/Field";
import { Form, Link } from "~/ui/router";
import { formatCOP } from "~/money/format";
import { SITE_NAME } from "~/platform/page-meta";
import { orderLookupSchema } from "./order-lookup-form";
import type { OrderLookupReply } from "./lookup.server";
import { RESULT_TEXTS } from "./result-views";
import { DetailList, OrderParties, Receipt } from "./Receipt";
import styles from "./payments.module.css";

const TITLE = `Mis pedidos | ${SITE_NAME}`;

/** /mi-cuenta/pedidos: an order's payment status from its id and the buyer's e-mail. */
export function OrderLookupPage({ result }: { result: OrderLookupReply | undefined }) {
  const [form, fields] = useForm({
    id: "consulta-pedido",
    lastResult: result?.reply,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: orderLookupSchema });
    },
  });
  const [submits, setSubmits] = useState(0);
  const showSummary = submits > 0 || result !== undefined;
  const errors = summaryEntries(form.errors, [fields.order_id, fields.email]);
  const navigation = useNavigation();
  const order = result?.order ?? null;
  return (
    <main id="contenido" className={`container ${styles.page} ${styles.narrow}`}>
      <FormTitle title={TITLE} hasErrors={showSummary && errors.length > 0} />
      <h1 id="pedidos-titulo">Mis pedidos</h1>
      <p>
        Consulta el estado del pago de tu pedido con el número de pedido y el correo electrónico con
        el que compraste. Encuentras el número de pedido en el correo de confirmación.
      </p>
      <Form
        method="post"
        id={form.id}
        noValidate
        onSubmit={(event) => {
          setSubmits((n) => n + 1);
          form.onSubmit(event);
        }}
        className={`${styles.form} ${styles.panel}`}
        aria-labelledby="pedidos-titulo"
      >
        <ErrorSummary
          errors={showSummary ? errors : []}
          attempt={submits}
          answer={result?.reply}
          role="alert"
        />
        <Field
          field={fields.order_id}
          label="Número de pedido"
          hint="Por ejemplo CARD-1757253600000K7Q2"
        >
          <input
            {...controlProps(fields.order_id, hintId(fields.order_id))}
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            defaultValue={fields.order_id.initialValue}
          />
        </Field>
        <Field field={fields.email} label="Correo electrónico">
          <input
            {...controlProps(fields.email)}
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={fields.email.initialValue}
          />
        </Field>
        <button
          type="submit"
          className={buttons.primary}
          disabled={navigation.state === "submitting"}
        >
          Consultar
        </button>
      </Form>
      {order ? (
        <section
          className={`${styles.panel} ${styles.lookupResult}`}
          aria-labelledby="pedido-estado"
        >
          <h2 id="pedido-estado">Pedido {order.orderId}</h2>
          {order.state === "failed" ? (
            <>
              <DetailList
                rows={[
                  ["Estado del pago", order.statusLabel],
                  ["Monto", order.amount === null ? null : formatCOP(order.amount)],
                  ["Fecha", order.date],
                  ["Método de pago", order.method],
                ]}
              />
              <OrderParties
                billing={order.details.billing}
                delivery={order.details.delivery}
                idPrefix="pedido"
              />
              {order.statusLabel === RESULT_TEXTS.lapsedStatus ? (
                <p>{RESULT_TEXTS.lapsedLead}</p>
              ) : (
                <p>
                  El pago no se completó. Puedes <Link to="/checkout">intentarlo nuevamente</Link>.
                </p>
              )}
            </>
          ) : (
            <>
              {order.deadline ? (
                <p>
                  <strong>{RESULT_TEXTS.waitingStatus}.</strong>{" "}
                  {RESULT_TEXTS.waitingDeadline(order.deadline)} {RESULT_TEXTS.waitingLead}
                </p>
              ) : order.statusLabel === "Pendiente" ? (
                <p>
                  {RESULT_TEXTS.pendingResolves} Si el pago se completa, te enviaremos la
                  confirmación por correo electrónico.
                </p>
              ) : null}
              <Receipt receipt={order.details} headingLevel={3} />
            </>
          )}
          {order.receipt ? (
            // A native form: the browser downloads the PDF, with or without JavaScript.
            <form method="post" action="/mi-cuenta/pedidos/comprobante">
              <input type="hidden" name="order_id" value={order.orderId} />
              <input type="hidden" name="email" value={order.email} />
              <button type="submit" className={buttons.secondary}>
                Descargar comprobante (PDF)
              </button>
            </form>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
