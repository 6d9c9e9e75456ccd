import { ContactLinks, ContentPage, ContentSection } from "./ContentPage";
import { SITE_NAME } from "~/platform/page-meta";
import { useSite } from "~/platform/site";
import { sitePageMeta } from "./site-page-meta";
import { sitePage } from "./site-pages";
import type { Route } from "./+types/privacidad";
import { publicPage } from "~/platform/http-cache.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

const PATH = "/privacidad";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(PATH, matches);
}

export default function Privacidad() {
  const site = useSite();
  return (
    <ContentPage
      title={sitePage(PATH).title}
      lead={`En ${SITE_NAME} respetamos tu privacidad. Esta política explica qué datos personales recolectamos cuando usas nuestra tienda en línea, para qué los usamos, cómo los protegemos y cómo puedes ejercer tus derechos.`}
      meta="Última actualización: 7 de septiembre de 2025"
    >
      <ContentSection title="1. Datos que recolectamos">
        <p>Recolectamos únicamente los datos necesarios para atender tus compras y solicitudes:</p>
        <ul>
          <li>
            <strong>Datos de identificación y contacto:</strong> nombre y apellido, número de
            cédula, correo electrónico, teléfono, dirección y ciudad.
          </li>
          <li>
            <strong>Datos de empresa</strong>, cuando compras como persona jurídica: razón social,
            NIT, nombre y cargo de la persona de contacto.
          </li>
          <li>
            <strong>Datos de envío:</strong> nombre de quien recibe, dirección, ciudad,
            instrucciones y franja horaria de entrega.
          </li>
          <li>
            <strong>Datos de la compra:</strong> productos, cantidades, valores, medio de pago
            elegido y estado del pago.
          </li>
          <li>
            <strong>Datos técnicos de navegación:</strong> dirección IP, tipo de navegador y páginas
            visitadas, registrados por nuestros servidores para operar y proteger el sitio.
          </li>
        </ul>
        <p>No solicitamos ni tratamos datos sensibles ni datos de menores de edad.</p>
      </ContentSection>

      <ContentSection title="2. Uso de la información">
        <p>Usamos tus datos para:</p>
        <ul>
          <li>Procesar tus pedidos, pagos, facturación y envíos.</li>
          <li>Enviarte la confirmación de tu compra y avisos sobre el estado de tu pedido.</li>
          <li>Atender tus consultas, solicitudes de garantía y de soporte técnico.</li>
          <li>Cumplir obligaciones legales, contables y tributarias.</li>
          <li>Mejorar nuestro catálogo, la seguridad del sitio y la calidad del servicio.</li>
        </ul>
        <p>No vendemos ni alquilamos tus datos personales a terceros.</p>
      </ContentSection>

      <ContentSection title="3. Base legal">
        <p>
          Tratamos tus datos conforme a la Ley Estatutaria 1581 de 2012 de protección de datos
          personales, el Decreto 1377 de 2013 (incorporado en el Decreto Único Reglamentario 1074 de
          2015) y demás normas colombianas aplicables. El tratamiento se basa en la autorización que
          nos otorgas al enviar tus datos, en la ejecución del contrato de compraventa y en el
          cumplimiento de nuestras obligaciones legales.
        </p>
      </ContentSection>

      <ContentSection title="4. Cookies">
        <p>
          Usamos únicamente cookies técnicas, necesarias para que la tienda funcione: guardan el
          contenido de tu carrito de compras, los datos del proceso de pago mientras lo completas
          (por un máximo de dos horas) y los avisos que te mostramos después de una acción. Estas
          cookies están firmadas para impedir su alteración y no se usan para publicidad ni para
          rastrearte en otros sitios.
        </p>
        <p>
          Puedes borrar las cookies desde la configuración de tu navegador en cualquier momento; si
          lo haces, tu carrito se vaciará.
        </p>
      </ContentSection>

      <ContentSection title="5. Pagos con tarjeta">
        <p>
          Los pagos con tarjeta de crédito o débito y por PSE son procesados por una pasarela de
          pagos certificada bajo el estándar PCI DSS. Los datos de tu tarjeta se envían cifrados
          directamente a la pasarela y no son almacenados en nuestros servidores, bases de datos ni
          registros. Solo conservamos la referencia del pago, su estado y, cuando la pasarela la
          entrega, la marca y los últimos cuatro dígitos de la tarjeta, para identificar la
          transacción.
        </p>
      </ContentSection>

      <ContentSection title="6. Seguridad">
        <p>
          Protegemos tu información con conexiones cifradas (HTTPS), cookies firmadas, acceso
          restringido a los sistemas y registros que excluyen datos de pago y contraseñas. Aunque
          ningún sistema es infalible, revisamos periódicamente nuestras medidas para reducir el
          riesgo de acceso no autorizado, pérdida o alteración de los datos.
        </p>
      </ContentSection>

      <ContentSection title="7. Derechos del titular">
        <p>Como titular de los datos, tienes derecho a:</p>
        <ul>
          <li>Conocer, actualizar y rectificar tus datos personales.</li>
          <li>Solicitar prueba de la autorización otorgada para el tratamiento.</li>
          <li>Ser informado sobre el uso que se ha dado a tus datos.</li>
          <li>
            Presentar quejas ante la Superintendencia de Industria y Comercio por infracciones a la
            ley.
          </li>
          <li>
            Revocar la autorización y solicitar la supresión de tus datos, cuando no exista un deber
            legal o contractual de conservarlos.
          </li>
          <li>Acceder gratuitamente a los datos que han sido objeto de tratamiento.</li>
        </ul>
        <p>
          Atenderemos las consultas en un plazo máximo de diez (10) días hábiles y los reclamos en
          un plazo máximo de quince (15) días hábiles, contados desde su recibo.
        </p>
      </ContentSection>

      <ContentSection title="8. Contacto">
        <p>
          Para ejercer tus derechos o resolver cualquier duda sobre esta política, escríbenos o
          llámanos indicando tu nombre, tu documento de identidad y el motivo de tu solicitud:
        </p>
        <ContactLinks email={site?.salesEmail} phone={site?.salesPhone} />
      </ContentSection>

      <ContentSection title="9. Cambios a esta política">
        <p>
          Podemos actualizar esta política para reflejar cambios legales o en nuestros servicios.
          Publicaremos la versión vigente en esta página con su fecha de actualización; si los
          cambios son sustanciales, te lo informaremos por los medios de contacto que nos hayas
          suministrado.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
