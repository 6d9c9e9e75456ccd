import { ContactLinks, ContentPage, ContentSection, Disclosure, Steps } from "./ContentPage";
import { useSite } from "~/platform/site";
import { sitePageMeta } from "./site-page-meta";
import { sitePage } from "./site-pages";
import type { Route } from "./+types/garantias";
import { publicPage } from "~/platform/http-cache.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

const PATH = "/garantias";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(PATH, matches);
}

const STEPS = [
  {
    title: "Verificación inicial",
    text: "Revisa la instalación, la alimentación eléctrica y la configuración del equipo con la ayuda de nuestro soporte técnico. Muchas fallas se resuelven en este paso, sin necesidad de enviar el producto.",
  },
  {
    title: "Solicitud de autorización de devolución (RMA)",
    text: "Si la falla persiste, solicita un número de autorización de devolución (RMA) indicando el número de pedido o factura, la referencia y el serial del equipo y una descripción de la falla. No recibimos equipos sin RMA.",
  },
  {
    title: "Evaluación técnica",
    text: "Con el RMA aprobado, envía el producto con sus accesorios. Nuestro laboratorio lo revisa para confirmar la falla y determinar si está cubierta por la garantía. Te informaremos el estado de tu solicitud en un plazo máximo de 10 días hábiles.",
  },
  {
    title: "Resolución",
    text: "Si la garantía aplica, reparamos el equipo o, si la reparación no es posible, lo cambiamos por uno igual o de características equivalentes. Si no aplica, te enviamos un diagnóstico y una cotización de reparación.",
  },
];

export default function Garantias() {
  const site = useSite();
  return (
    <ContentPage
      title={sitePage(PATH).title}
      lead="Todos los productos que vendemos son nuevos, originales y cuentan con garantía. Aquí te explicamos qué cubre, cómo solicitarla y qué puedes esperar de nosotros en cada etapa."
    >
      <ContentSection title="Garantía estándar de 1 año">
        <p>
          Nuestros productos tienen una garantía de{" "}
          <strong>1 año contado desde la fecha de compra</strong> contra defectos de fabricación y
          de funcionamiento en condiciones normales de uso, salvo que el fabricante ofrezca un plazo
          mayor, en cuyo caso aplica el plazo del fabricante. Esta garantía se suma a los derechos
          que te reconoce el Estatuto del Consumidor (Ley 1480 de 2011).
        </p>
      </ContentSection>

      <ContentSection title="Cómo solicitar la garantía">
        <Steps steps={STEPS} />
      </ContentSection>

      <ContentSection title="Preguntas sobre la garantía">
        <Disclosure summary="¿Qué cubre la garantía?">
          <p>
            Cubre los defectos de fabricación y las fallas de funcionamiento que se presenten
            durante el periodo de garantía, usando el equipo según las indicaciones del fabricante.
            Incluye la mano de obra y los repuestos necesarios para la reparación o, si esta no es
            posible, el cambio del producto.
          </p>
        </Disclosure>
        <Disclosure summary="¿Qué no cubre la garantía?">
          <ul>
            <li>Daños por instalación incorrecta, golpes, caídas, humedad o líquidos.</li>
            <li>
              Daños por descargas eléctricas, variaciones de voltaje o fuentes de alimentación
              inadecuadas.
            </li>
            <li>Equipos abiertos, modificados o reparados por personal no autorizado.</li>
            <li>Sellos de garantía o números de serie alterados o retirados.</li>
            <li>Desgaste normal de partes consumibles, como baterías, lámparas o cabezales.</li>
            <li>
              Problemas de configuración, contraseñas olvidadas o actualizaciones de firmware no
              oficiales.
            </li>
          </ul>
        </Disclosure>
        <Disclosure summary="¿Qué pasa con los productos reparados?">
          <p>
            Las reparaciones realizadas en garantía quedan cubiertas por{" "}
            <strong>90 días adicionales</strong> contados desde la fecha de entrega del equipo
            reparado, o hasta el final de la garantía original si este plazo es mayor.
          </p>
        </Disclosure>
        <Disclosure summary="¿Cuánto tarda el proceso?">
          <p>
            Te informaremos el estado de tu solicitud en un plazo máximo de{" "}
            <strong>10 días hábiles</strong> desde que recibimos el equipo. Los tiempos finales de
            reparación o cambio dependen del diagnóstico y de la disponibilidad de repuestos; en
            todo caso te mantendremos al tanto de cada avance.
          </p>
        </Disclosure>
        <Disclosure summary="¿Cómo envío el producto?">
          <p>
            Empaca el equipo preferiblemente en su caja original, con todos sus accesorios, la copia
            de la factura y el número de RMA visible en el exterior. Te indicaremos la dirección de
            recepción al aprobar tu solicitud. Si la garantía aplica, el envío de regreso corre por
            nuestra cuenta.
          </p>
        </Disclosure>
        <Disclosure summary="¿Puedo devolver un producto que no necesito?">
          <p>
            Por tratarse de una venta a distancia, puedes ejercer el derecho de retracto dentro de
            los cinco (5) días hábiles siguientes a la entrega, siempre que el producto esté sin
            uso, completo y en su empaque original. Te reembolsaremos el valor pagado en un plazo
            máximo de 30 días calendario.
          </p>
        </Disclosure>
        <Disclosure summary="¿Cómo cuido mis equipos para evitar fallas?">
          <p>
            Recomendamos un <strong>mantenimiento preventivo cada 6 meses</strong>: limpieza de
            lentes y carcasas, revisión de conexiones y fuentes, verificación de grabación y
            actualización de firmware oficial. Además, protege los equipos con reguladores de
            voltaje o UPS y respeta las condiciones de instalación indicadas por el fabricante.
          </p>
        </Disclosure>
      </ContentSection>

      <ContentSection title="¿Necesitas ayuda con una garantía?">
        <p>Escríbenos o llámanos con tu número de pedido y la referencia del producto:</p>
        <ContactLinks email={site?.salesEmail} phone={site?.salesPhone} />
      </ContentSection>
    </ContentPage>
  );
}
