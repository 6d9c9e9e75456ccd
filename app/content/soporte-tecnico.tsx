import {
  Card,
  CardGrid,
  ContactLinks,
  ContentPage,
  ContentSection,
  Disclosure,
  Steps,
} from "./ContentPage";
import { useSite } from "~/platform/site";
import { sitePageMeta } from "./site-page-meta";
import { sitePage } from "./site-pages";
import type { Route } from "./+types/soporte-tecnico";
import { publicPage } from "~/platform/http-cache.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

const PATH = "/soporte-tecnico";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(PATH, matches);
}

const PROCESS = [
  {
    title: "Contacto",
    text: "Escríbenos o llámanos de lunes a viernes con tu número de pedido, la referencia del equipo y una descripción del problema.",
  },
  {
    title: "Diagnóstico",
    text: "Un técnico analiza el caso, te hace las preguntas necesarias y define si se puede resolver de forma remota o requiere una visita.",
  },
  {
    title: "Solución",
    text: "Aplicamos la solución por acceso remoto, por teléfono o en sitio. Los problemas comunes se resuelven en 24 a 48 horas.",
  },
  {
    title: "Seguimiento",
    text: "Verificamos contigo que todo funcione correctamente, documentamos el caso y te damos recomendaciones para evitar que se repita.",
  },
];

export default function SoporteTecnico() {
  const site = useSite();
  return (
    <ContentPage
      title={sitePage(PATH).title}
      lead="Nuestro equipo técnico te acompaña en la instalación, configuración y mantenimiento de tus equipos de seguridad electrónica y telecomunicaciones, de lunes a viernes."
    >
      <ContentSection title="Nuestros servicios">
        <CardGrid>
          <Card title="Soporte remoto">
            <p>
              Configuración, actualización y solución de problemas a distancia, por teléfono o
              mediante acceso remoto seguro, sin que tengas que desplazarte.
            </p>
          </Card>
          <Card title="Soporte en sitio">
            <p>
              Visitas técnicas a tus instalaciones para diagnóstico, instalación, puesta en marcha y
              reparación de equipos y sistemas.
            </p>
          </Card>
          <Card title="Mantenimiento preventivo">
            <p>
              Revisiones programadas, recomendadas cada 6 meses, para mantener tus sistemas
              funcionando y prolongar la vida útil de los equipos.
            </p>
          </Card>
        </CardGrid>
      </ContentSection>

      <ContentSection title="Proceso de atención">
        <Steps steps={PROCESS} />
      </ContentSection>

      <ContentSection title="Niveles de soporte">
        <CardGrid>
          <Card title="Nivel 1 · Básico" badge="Respuesta en 24 horas">
            <p>
              Consultas generales, orientación sobre el uso de los equipos, configuraciones
              sencillas y restablecimiento de contraseñas.
            </p>
          </Card>
          <Card title="Nivel 2 · Avanzado" badge="Respuesta en 12 horas">
            <p>
              Fallas de funcionamiento, integración entre equipos, configuración de redes y acceso
              remoto, actualización de firmware.
            </p>
          </Card>
          <Card title="Nivel 3 · Crítico" badge="Respuesta en 4 horas">
            <p>
              Sistemas caídos o fallas que comprometen la seguridad de tus instalaciones o la
              continuidad de tu operación.
            </p>
          </Card>
        </CardGrid>
      </ContentSection>

      <ContentSection title="Preguntas frecuentes">
        <Disclosure summary="¿Cuánto tarda en resolverse un problema?">
          <p>
            Los problemas comunes se resuelven en 24 a 48 horas. Los casos que requieren visita en
            sitio o repuestos pueden tardar más; en ese caso te informamos los tiempos desde el
            diagnóstico.
          </p>
        </Disclosure>
        <Disclosure summary="¿El soporte técnico tiene costo?">
          <p>
            La orientación básica sobre los productos comprados en nuestra tienda no tiene costo
            mientras estén en garantía. Las visitas en sitio, los mantenimientos preventivos y las
            fallas no cubiertas por la garantía se cotizan previamente, y solo se realizan con tu
            aprobación.
          </p>
        </Disclosure>
        <Disclosure summary="¿Qué información debo tener a mano al solicitar soporte?">
          <p>
            El número de pedido o factura, la referencia y el serial del equipo, una descripción del
            problema y, si es posible, fotos o capturas de pantalla del error.
          </p>
        </Disclosure>
        <Disclosure summary="¿Atienden en todo el país?">
          <p>
            Sí. El soporte remoto está disponible en todo el territorio nacional. Para el soporte en
            sitio, confirmamos la cobertura y los tiempos de desplazamiento según la ciudad.
          </p>
        </Disclosure>
      </ContentSection>

      <ContentSection title="Contáctanos" id="contacto">
        <p>Nuestro equipo te atiende de lunes a viernes:</p>
        <ContactLinks email={site?.salesEmail} phone={site?.salesPhone} />
      </ContentSection>
    </ContentPage>
  );
}
