import { useForm } from "@conform-to/react";
import { formatCOP } from "~/money/format";
import { summaryEntries } from "~/ui/form/ErrorSummary";
import { PaymentForm } from "~/payments/PaymentForm";
import type { PaymentFormReply } from "~/payments/payment-answers.server";
import type { PaymentPageData } from "~/payments/payment-page.server";
import type { CashPageData } from "./cash.server";
import styles from "./cash.module.css";

/**
 * The cash form: nothing to type. It says how paying at a point works and creates the payment
 * reference; the voucher follows on the result page.
 */
export function CashForm({
  page,
  cash,
  result,
  title,
}: {
  page: PaymentPageData;
  cash: CashPageData;
  result: PaymentFormReply | undefined;
  title: string;
}) {
  const lastResult = result?.reply;
  const [form] = useForm({ id: "pago-efectivo", lastResult });
  const errors = summaryEntries(form.errors, []);
  return (
    <PaymentForm
      form={form}
      page={page}
      title={title}
      result={result}
      answered={lastResult !== undefined}
      errors={errors}
      submitLabel={`Generar referencia de pago por ${formatCOP(page.totals.total)}`}
      busyLabel="Generando tu referencia…"
    >
      <div className={styles.how}>
        <p>
          Te daremos una referencia de pago y un código de barras. Paga el valor exacto en efectivo
          en cualquiera de estos puntos antes de {cash.hours} horas:
        </p>
        <ul className={styles.networks}>
          {cash.networks.map((network) => (
            <li key={network}>{network}</li>
          ))}
        </ul>
        <p>
          Reservamos tu pedido mientras tanto y lo confirmamos cuando recibamos el dinero. Si el
          plazo vence sin el pago, no se te cobra nada y puedes pagar de nuevo con cualquier medio.
        </p>
      </div>
    </PaymentForm>
  );
}
