import { Card, CardGrid, ContactLinks, ContentPage, ContentSection } from "./ContentPage";
import { useSite } from "~/platform/site";
import { sitePageMeta } from "./site-page-meta";
import { sitePage } from "./site-pages";
import type { Route } from "./+types/nosotros";
import { publicPage } from "~/platform/http-cache.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

const PATH = "/nosotros";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(PATH, matches);
}

export default function Nosotros() {
  const site = useSite();
  return (
    <ContentPage
      title={sitePage(PATH).title}
      lead="Somos una empresa colombiana especializada en la comercialización e integración de equipos de seguridad electrónica y telecomunicaciones. Acompañamos a hogares, comercios, industrias y entidades en la protección de sus personas, sus bienes y su información."
    >
      <ContentSection title="Quiénes somos">
        <p>
          Desde hace más de cinco años ayudamos a nuestros clientes a elegir, instalar y mantener la
          tecnología que necesitan: videovigilancia, control de acceso, detección de incendio,
          energía, radiocomunicación, redes, rastreo GPS y cableado estructurado. Trabajamos con las
          marcas líderes del sector y contamos con un catálogo de más de 22.000 productos, con
          disponibilidad y precios actualizados.
        </p>
        <p>
          Nuestro equipo combina asesoría comercial y conocimiento técnico: no solo vendemos
          equipos, sino que diseñamos soluciones que funcionan en el día a día de cada cliente, con
          acompañamiento antes, durante y después de la compra.
        </p>
      </ContentSection>

      <ContentSection title="Misión">
        <p>
          Brindar a empresas y hogares colombianos soluciones confiables de seguridad electrónica y
          telecomunicaciones, con productos de calidad, asesoría experta y un servicio cercano que
          les permita proteger lo que más valoran y comunicarse sin interrupciones.
        </p>
      </ContentSection>

      <ContentSection title="Visión">
        <p>
          Ser reconocidos en Colombia como el aliado tecnológico de referencia en seguridad
          electrónica y telecomunicaciones, por la calidad de nuestras soluciones, la innovación
          constante y la confianza que construimos con cada uno de nuestros clientes.
        </p>
      </ContentSection>

      <ContentSection title="Nuestros valores">
        <CardGrid>
          <Card title="Integridad">
            <p>
              Actuamos con honestidad y transparencia: recomendamos lo que cada cliente realmente
              necesita y cumplimos lo que prometemos.
            </p>
          </Card>
          <Card title="Innovación">
            <p>
              Nos mantenemos al día con las nuevas tecnologías para ofrecer soluciones modernas,
              eficientes y preparadas para el futuro.
            </p>
          </Card>
          <Card title="Excelencia">
            <p>
              Cuidamos cada detalle, desde la selección del producto hasta la instalación y el
              soporte, para superar las expectativas de nuestros clientes.
            </p>
          </Card>
          <Card title="Compromiso">
            <p>
              Acompañamos a nuestros clientes a largo plazo, con respuesta oportuna y
              responsabilidad frente a cada proyecto que emprendemos juntos.
            </p>
          </Card>
        </CardGrid>
      </ContentSection>

      <ContentSection title="Áreas de solución">
        <CardGrid>
          <Card title="Seguridad electrónica">
            <p>
              Videovigilancia, control de acceso, detección de incendio, alarmas contra intrusión y
              automatización para proteger personas, instalaciones y activos.
            </p>
          </Card>
          <Card title="Telecomunicaciones">
            <p>
              Redes de datos, cableado estructurado, radiocomunicación, energía de respaldo y
              soluciones IoT y GPS para mantener tu operación conectada.
            </p>
          </Card>
          <Card title="Servicios profesionales">
            <p>
              Consultoría, diseño de proyectos, instalación, puesta en marcha, mantenimiento
              preventivo y soporte técnico especializado.
            </p>
          </Card>
        </CardGrid>
      </ContentSection>

      <ContentSection title="Hablemos de tu proyecto">
        <p>
          Cuéntanos qué necesitas proteger o conectar y te ayudaremos a encontrar la solución
          adecuada. Nuestro equipo comercial te responde de lunes a viernes.
        </p>
        <ContactLinks email={site?.salesEmail} phone={site?.salesPhone} />
      </ContentSection>
    </ContentPage>
  );
}
