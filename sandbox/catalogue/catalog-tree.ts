/**
 * The three-level category tree below the nine top groups, with the brands
 * that sell in each sub-category and the product kind of each leaf.
 * Weight: share of the group's products that land in a sub-category.
 */
/** Per-leaf spec values (null drops the spec), so a leaf's titles agree with its name. */
export type Overrides = Readonly<Record<string, readonly string[] | null>>;
type Leaf = readonly [name: string, noun: string, kind?: string, overrides?: Overrides];

interface SubCategoryDef {
  name: string;
  kind: string;
  weight: number;
  brands: readonly string[];
  leaves: readonly Leaf[];
}

export interface GroupDef {
  id: string;
  /** Share of the whole catalogue. */
  weight: number;
  subs: readonly SubCategoryDef[];
}

const sub = (
  name: string,
  kind: string,
  weight: number,
  brands: readonly string[],
  leaves: readonly Leaf[],
): SubCategoryDef => ({ name, kind, weight, brands, leaves });

const CCTV = ["Hikvision", "Dahua", "Uniview", "Hanwha Vision", "Provision-ISR", "Epcom"];
const INTRUSION = ["Paradox", "DSC", "Honeywell", "Bosch", "Ajax", "Risco"];
const FIRE = ["Notifier", "System Sensor", "Edwards", "Fire-Lite", "Hochiki", "Bosch"];
const RADIO = ["Motorola Solutions", "Kenwood", "Hytera", "ICOM"];
const UPS = ["APC", "Schneider Electric", "CyberPower", "Forza", "Tripp Lite"];
const NET = ["Ubiquiti", "MikroTik", "TP-Link", "Cisco", "Ruckus", "Cambium Networks"];
const GPS = ["Teltonika", "Queclink", "Concox", "Ruptela", "Meitrack"];
const CABLING = ["Panduit", "Furukawa", "CommScope", "Belden", "Siemon", "Legrand"];
const VOIP = ["Grandstream", "Yealink", "Fanvil", "Cisco"];
const GATES = ["Nice", "CAME", "BFT", "Linear"];

export const TREE: readonly GroupDef[] = [
  {
    id: "22",
    weight: 30,
    subs: [
      sub(
        "Cámaras IP",
        "cam_ip",
        10,
        [...CCTV, "Axis", "Ubiquiti"],
        [
          ["Cámaras Bala", "Cámara IP Bala"],
          ["Cámaras Domo", "Cámara IP Domo", "cam_dome"],
          ["Cámaras Turret", "Cámara IP Turret", "cam_dome"],
          ["Cámaras PTZ", "Cámara IP PTZ", "cam_ptz"],
          ["Cámaras Fisheye", "Cámara IP Fisheye", "cam_dome"],
          ["Cámaras Multisensor", "Cámara IP Multisensor", "cam_dome"],
          ["Cámaras con Inteligencia Artificial", "Cámara IP con IA"],
          ["Cámaras Ocultas", "Cámara IP Oculta", "cam_dome"],
        ],
      ),
      sub(
        "Cámaras TurboHD",
        "cam_analog",
        4,
        ["Hikvision", "Dahua", "Epcom", "Provision-ISR"],
        [
          ["Cámaras Bala TurboHD", "Cámara TurboHD Bala"],
          ["Cámaras Domo TurboHD", "Cámara TurboHD Domo"],
          ["Cámaras Eyeball", "Cámara TurboHD Eyeball"],
          ["Cámaras PTZ TurboHD", "Cámara PTZ TurboHD", "cam_ptz"],
        ],
      ),
      sub(
        "Cámaras Wi-Fi y Residenciales",
        "cam_wifi",
        1.5,
        ["Hikvision", "Dahua", "TP-Link", "Ubiquiti", "Ajax"],
        [
          ["Cámaras Wi-Fi de Interior", "Cámara Wi-Fi de Interior"],
          ["Cámaras Wi-Fi de Exterior", "Cámara Wi-Fi de Exterior"],
          ["Cámaras con Batería", "Cámara Wi-Fi con Batería"],
          ["Timbres con Cámara", "Timbre con Cámara Wi-Fi"],
        ],
      ),
      sub(
        "Cámaras Térmicas",
        "cam_thermal",
        0.7,
        ["Hikvision", "Dahua", "Axis", "Hanwha Vision"],
        [
          ["Cámaras Térmicas Bala", "Cámara Térmica Bala"],
          ["Cámaras Térmicas PTZ", "Cámara Térmica PTZ"],
          ["Cámaras de Temperatura Corporal", "Cámara de Medición de Temperatura"],
        ],
      ),
      sub(
        "Grabadores",
        "recorder",
        3,
        [...CCTV, "Ubiquiti", "Axis"],
        [
          ["Grabadores NVR", "Grabador NVR"],
          [
            "Grabadores DVR",
            "Grabador DVR",
            undefined,
            { "Puertos PoE": ["Sin PoE"], "Resolución máxima": ["hasta 4 MP", "hasta 8 MP"] },
          ],
          [
            "Grabadores XVR Híbridos",
            "Grabador XVR Híbrido",
            undefined,
            { "Puertos PoE": ["Sin PoE"], "Resolución máxima": ["hasta 8 MP"] },
          ],
          [
            "Grabadores Móviles",
            "Grabador Móvil MDVR",
            undefined,
            {
              Canales: ["4 canales", "8 canales"],
              "Puertos PoE": ["Sin PoE"],
              "Bahías de disco": ["1 SATA"],
            },
          ],
          [
            "Servidores de Video",
            "Servidor de Video",
            undefined,
            { Canales: ["64 canales"], "Puertos PoE": ["Sin PoE"], "Bahías de disco": ["8 SATA"] },
          ],
        ],
      ),
      sub(
        "Almacenamiento",
        "hdd",
        1.2,
        ["Seagate", "Western Digital", "Hikvision"],
        [
          ["Discos Duros para Videovigilancia", "Disco Duro para Videovigilancia"],
          [
            "Discos Duros Empresariales",
            "Disco Duro Empresarial",
            undefined,
            { "Uso recomendado": ["Servidores y NAS"], Velocidad: ["7200 rpm"] },
          ],
          ["Memorias microSD", "Memoria microSD", "sd"],
        ],
      ),
      sub(
        "Monitores y Videowall",
        "monitor",
        0.8,
        ["Hikvision", "Dahua", "Epcom"],
        [
          ["Monitores LED", "Monitor LED"],
          ["Pantallas para Videowall", "Pantalla para Videowall"],
          [
            "Decodificadores de Video",
            "Decodificador de Video",
            "recorder",
            { "Puertos PoE": ["Sin PoE"], "Bahías de disco": null },
          ],
        ],
      ),
      sub(
        "Software de Videovigilancia",
        "license",
        0.5,
        ["Genetec", "Milestone", "Hikvision", "Hanwha Vision"],
        [
          [
            "Licencias VMS",
            "Licencia VMS",
            undefined,
            { Tipo: ["Licencia base", "Licencia por canal", "Renovación anual"] },
          ],
          [
            "Licencias de Analítica",
            "Licencia de Analítica de Video",
            undefined,
            { Tipo: ["Licencia por canal"] },
          ],
          [
            "Licencias LPR",
            "Licencia de Reconocimiento de Placas",
            undefined,
            { Tipo: ["Licencia por canal"] },
          ],
        ],
      ),
      sub(
        "Soportes y Montajes",
        "mount",
        1.8,
        ["Hikvision", "Dahua", "Epcom", "Axis"],
        [
          ["Soportes de Pared", "Soporte de Pared"],
          ["Adaptadores para Poste", "Adaptador para Poste"],
          ["Cajas de Conexión", "Caja de Conexión"],
          ["Soportes de Techo", "Soporte de Techo"],
          ["Carcasas para Exterior", "Carcasa para Exterior"],
        ],
      ),
      sub(
        "Accesorios de Video",
        "connector",
        1.5,
        ["Epcom", "Hikvision", "Dahua"],
        [
          ["Transceptores de Video", "Transceptor de Video"],
          ["Conectores BNC", "Conector BNC"],
          ["Fuentes para Cámaras", "Fuente de Poder para Cámaras", "psu"],
          [
            "Micrófonos para Cámaras",
            "Micrófono para Cámara",
            "speaker",
            { Potencia: null, Línea: null, Instalación: ["Interior", "Exterior"] },
          ],
        ],
      ),
    ],
  },
  {
    id: "37",
    weight: 10,
    subs: [
      sub(
        "Lectoras y Tarjetas",
        "reader",
        2.5,
        ["HID", "ZKTeco", "Suprema", "Honeywell", "Epcom"],
        [
          [
            "Lectoras de Proximidad",
            "Lectora de Proximidad",
            undefined,
            {
              Tecnología: ["125 kHz EM", "13.56 MHz Mifare"],
              "Distancia de lectura": ["Hasta 5 cm", "Hasta 10 cm"],
            },
          ],
          [
            "Lectoras Multiclass",
            "Lectora Multiclass",
            undefined,
            { Tecnología: ["Multiclass SE"], "Distancia de lectura": ["Hasta 10 cm"] },
          ],
          [
            "Lectoras de Código QR",
            "Lectora de Código QR",
            undefined,
            { Tecnología: ["Código QR y Mifare"], "Distancia de lectura": ["Hasta 10 cm"] },
          ],
          [
            "Tarjetas de Proximidad",
            "Tarjeta de Proximidad",
            "card",
            { Formato: ["Tarjeta ISO delgada", "Tarjeta clamshell"] },
          ],
          [
            "Tags y Llaveros",
            "Llavero de Proximidad",
            "card",
            { Formato: ["Llavero"], Tecnología: ["125 kHz EM", "13.56 MHz Mifare 1K"] },
          ],
        ],
      ),
      sub(
        "Biometría",
        "biometric",
        2,
        ["ZKTeco", "Suprema", "Hikvision", "Dahua", "HID"],
        [
          ["Lectoras de Huella", "Lectora Biométrica"],
          ["Reconocimiento Facial", "Terminal de Reconocimiento Facial"],
          ["Control de Asistencia", "Reloj de Control de Asistencia"],
        ],
      ),
      sub(
        "Paneles de Control de Acceso",
        "acc_panel",
        1.2,
        ["ZKTeco", "HID", "Honeywell", "Bosch", "Suprema", "Genetec"],
        [
          ["Controladores de 1 Puerta", "Controlador de Acceso de 1 Puerta"],
          ["Controladores de 2 Puertas", "Controlador de Acceso de 2 Puertas"],
          ["Controladores de 4 Puertas", "Controlador de Acceso de 4 Puertas"],
          ["Módulos de Expansión", "Módulo de Expansión"],
        ],
      ),
      sub(
        "Cerraduras y Electroimanes",
        "lock",
        2,
        ["Yale", "Assa Abloy", "ZKTeco", "Epcom", "Hikvision"],
        [
          [
            "Chapas Magnéticas",
            "Chapa Magnética",
            undefined,
            {
              "Fuerza de retención": ["280 kg", "350 kg", "600 kg"],
              Apertura: ["Pulso eléctrico"],
              Modo: ["Falla segura"],
            },
          ],
          [
            "Cerraderos Eléctricos",
            "Cerradero Eléctrico",
            undefined,
            { "Fuerza de retención": null, Apertura: ["Pulso eléctrico"] },
          ],
          [
            "Cerraduras Inteligentes",
            "Cerradura Inteligente",
            undefined,
            {
              "Fuerza de retención": null,
              Alimentación: ["4 pilas AA"],
              Modo: null,
              Apertura: ["Huella, código y tarjeta", "Código y llave"],
            },
          ],
          [
            "Cerraduras Hoteleras",
            "Cerradura Hotelera",
            undefined,
            {
              "Fuerza de retención": null,
              Alimentación: ["4 pilas AA"],
              Modo: null,
              Apertura: ["Tarjeta Mifare y llave mecánica"],
            },
          ],
        ],
      ),
      sub(
        "Botones y Accesorios",
        "button",
        1,
        ["Epcom", "ZKTeco", "Assa Abloy", "Yale"],
        [
          [
            "Botones de Salida",
            "Botón de Salida",
            undefined,
            { Tipo: ["Sin contacto", "Mecánico", "Inalámbrico"] },
          ],
          [
            "Botones de Emergencia",
            "Botón de Emergencia",
            undefined,
            { Tipo: ["Hongo de emergencia", "Liberador de puerta"] },
          ],
          [
            "Fuentes para Control de Acceso",
            "Fuente de Poder para Control de Acceso",
            "psu",
            {
              "Voltaje de salida": ["12 Vcd"],
              Corriente: ["2 A", "5 A"],
              Salidas: ["1 salida", "4 salidas"],
            },
          ],
        ],
      ),
      sub(
        "Videoporteros e Intercomunicación",
        "intercom",
        1.5,
        ["Hikvision", "Dahua", "Grandstream", "Fanvil", "Epcom"],
        [
          ["Videoporteros IP", "Videoportero IP", undefined, { Tecnología: ["IP / SIP"] }],
          [
            "Videoporteros Analógicos",
            "Videoportero Analógico",
            undefined,
            { Tecnología: ["2 hilos", "Analógico 4 hilos"] },
          ],
          [
            "Monitores para Videoportero",
            "Monitor para Videoportero",
            undefined,
            { Pantalla: ['7"', '10"'], Cámara: ["No"] },
          ],
          ["Frentes de Calle", "Frente de Calle", undefined, { Pantalla: ["Sin pantalla"] }],
        ],
      ),
      sub(
        "Control Vehicular y Peatonal",
        "barrier",
        1,
        ["ZKTeco", "CAME", "BFT", "Nice", "Hikvision", "HID"],
        [
          ["Barreras Vehiculares", "Barrera Vehicular"],
          [
            "Torniquetes",
            "Torniquete Peatonal",
            undefined,
            { "Longitud de brazo": ["Trípode"], Motor: ["24 Vcd"] },
          ],
          [
            "Lectoras de Largo Alcance UHF",
            "Lectora UHF de Largo Alcance",
            "reader",
            {
              Tecnología: ["UHF 900 MHz"],
              "Distancia de lectura": ["Hasta 8 m", "Hasta 12 m"],
              Teclado: null,
            },
          ],
          ["Cámaras LPR", "Cámara LPR", "cam_ip"],
        ],
      ),
      sub(
        "Software de Control de Acceso",
        "license",
        0.4,
        ["Genetec", "ZKTeco", "Suprema", "HID"],
        [
          [
            "Licencias de Control de Acceso",
            "Licencia de Control de Acceso",
            undefined,
            { Tipo: ["Licencia base", "Licencia por puerta"], Canales: null },
          ],
          [
            "Software de Asistencia",
            "Software de Control de Asistencia",
            undefined,
            { Tipo: ["Licencia base"], Canales: null },
          ],
        ],
      ),
    ],
  },
  {
    id: "32",
    weight: 11,
    subs: [
      sub(
        "Paneles de Alarma",
        "alarm_panel",
        1.5,
        [...INTRUSION, "Hikvision"],
        [
          ["Paneles Híbridos", "Panel de Alarma Híbrido"],
          [
            "Paneles Inalámbricos",
            "Panel de Alarma Inalámbrico",
            undefined,
            { Comunicación: ["IP y Wi-Fi", "IP y 4G"] },
          ],
          [
            "Paneles Cableados",
            "Panel de Alarma Cableado",
            undefined,
            { Comunicación: ["Línea telefónica", "IP y 4G"], Inalámbricos: null },
          ],
          [
            "Comunicadores",
            "Comunicador de Alarma",
            "router",
            {
              Puertos: null,
              Conectividad: ["IP y 4G", "4G LTE Cat 1", "IP"],
              Rendimiento: null,
              Sistema: null,
              VPN: null,
            },
          ],
        ],
      ),
      sub("Teclados", "keypad", 1, INTRUSION, [
        [
          "Teclados LCD",
          "Teclado LCD",
          undefined,
          { Pantalla: ["alfanumérico de 32 caracteres", "de iconos"] },
        ],
        ["Teclados Táctiles", "Teclado Táctil", undefined, { Pantalla: ["Táctil a color"] }],
        ["Teclados Inalámbricos", "Teclado Inalámbrico", undefined, { Conexión: ["Inalámbrico"] }],
      ]),
      sub(
        "Detectores de Movimiento",
        "sensor",
        2.5,
        [...INTRUSION, "Optex"],
        [
          ["Detectores PIR", "Detector de Movimiento PIR", undefined, { Tecnología: ["PIR"] }],
          [
            "Detectores de Doble Tecnología",
            "Detector de Doble Tecnología",
            undefined,
            { Tecnología: ["PIR + microondas"] },
          ],
          [
            "Detectores de Exterior",
            "Detector de Movimiento para Exterior",
            undefined,
            { Tecnología: ["PIR", "PIR + microondas"], Protección: ["IP55", "IP65"] },
          ],
          [
            "Barreras Infrarrojas",
            "Barrera Infrarroja",
            undefined,
            {
              Tecnología: ["Haz infrarrojo activo"],
              Cobertura: ["Hasta 30 m", "Hasta 100 m"],
              "Inmunidad a mascotas": null,
            },
          ],
        ],
      ),
      sub(
        "Contactos y Sensores",
        "sensor",
        1.5,
        [...INTRUSION, "Epcom"],
        [
          [
            "Contactos Magnéticos",
            "Contacto Magnético",
            undefined,
            { Tecnología: ["Magnético"], Cobertura: null, "Inmunidad a mascotas": null },
          ],
          [
            "Detectores de Ruptura de Vidrio",
            "Detector de Ruptura de Vidrio",
            undefined,
            { Tecnología: ["Acústico"], Cobertura: ["Hasta 9 m"], "Inmunidad a mascotas": null },
          ],
          [
            "Detectores de Inundación",
            "Detector de Inundación",
            undefined,
            { Tecnología: ["Sonda de agua"], Cobertura: null, "Inmunidad a mascotas": null },
          ],
          [
            "Detectores de Vibración",
            "Detector de Vibración",
            undefined,
            { Tecnología: ["Sísmico"], Cobertura: null, "Inmunidad a mascotas": null },
          ],
        ],
      ),
      sub(
        "Sirenas y Estrobos",
        "siren",
        1,
        [...INTRUSION, "Epcom"],
        [
          [
            "Sirenas de Interior",
            "Sirena de Interior",
            undefined,
            { Estrobo: ["Sin estrobo"], Protección: ["Interior"], Potencia: ["15 W", "110 dB"] },
          ],
          ["Sirenas de Exterior", "Sirena de Exterior", undefined, { Protección: ["IP65"] }],
          ["Estrobos", "Estrobo", undefined, { Potencia: null, Estrobo: null }],
        ],
      ),
      sub("Motores para Puertas", "gate_motor", 1.8, GATES, [
        ["Motores Corredizos", "Motor para Puerta Corrediza"],
        ["Motores Batientes", "Motor para Puerta Batiente"],
        ["Motores de Garaje", "Motor para Puerta de Garaje"],
        ["Controles Remotos", "Control Remoto", "remote"],
        [
          "Fotoceldas",
          "Fotocelda de Seguridad",
          "sensor",
          {
            Tecnología: ["Haz infrarrojo activo"],
            Conexión: ["Cableado", "Inalámbrico"],
            Cobertura: ["Hasta 10 m", "Hasta 20 m"],
            "Inmunidad a mascotas": null,
          },
        ],
      ]),
      sub(
        "Automatización Residencial",
        "hub",
        1,
        ["Ajax", "TP-Link", "Honeywell", "Linear"],
        [
          ["Hubs Domóticos", "Hub Domótico"],
          ["Interruptores Inteligentes", "Interruptor Inteligente"],
          ["Enchufes Inteligentes", "Enchufe Inteligente"],
          [
            "Sensores Inteligentes",
            "Sensor Inteligente",
            "sensor",
            {
              Tecnología: ["de movimiento PIR", "de apertura", "de temperatura y humedad"],
              Conexión: ["Inalámbrico"],
              Cobertura: null,
              "Inmunidad a mascotas": null,
            },
          ],
        ],
      ),
      sub(
        "Cercas Eléctricas",
        "psu",
        0.7,
        ["Epcom", "Linear"],
        [
          [
            "Energizadores",
            "Energizador para Cerca Eléctrica",
            undefined,
            {
              "Voltaje de salida": ["12 Vcd"],
              Corriente: null,
              Salidas: ["1 zona", "2 zonas"],
              Protección: null,
            },
          ],
          [
            "Aisladores",
            "Aislador para Cerca Eléctrica",
            "mount",
            {
              Material: ["Porcelana", "Polietileno de alta densidad"],
              Compatibilidad: null,
              "Carga máxima": null,
            },
          ],
          [
            "Alambre para Cerca",
            "Alambre para Cerca Eléctrica",
            "reel",
            {
              Categoría: ["calibre 14 de aluminio", "calibre 16 de acero galvanizado"],
              Longitud: ["500 m", "1 000 m"],
              Cubierta: null,
              Color: null,
              "Hilos o pares": null,
            },
          ],
        ],
      ),
    ],
  },
  {
    id: "38",
    weight: 7,
    subs: [
      sub(
        "Paneles de Incendio",
        "fire_panel",
        1,
        ["Notifier", "Edwards", "Fire-Lite", "Bosch", "Hochiki", "Honeywell"],
        [
          ["Paneles Convencionales", "Panel de Incendio Convencional"],
          ["Paneles Direccionables", "Panel de Incendio Direccionable"],
          ["Anunciadores Remotos", "Anunciador Remoto", "keypad"],
        ],
      ),
      sub(
        "Detectores de Humo",
        "smoke",
        2.5,
        [...FIRE, "Ajax"],
        [
          [
            "Detectores Fotoeléctricos",
            "Detector de Humo Fotoeléctrico",
            undefined,
            { Tipo: ["Fotoeléctrico"], Conexión: ["2 hilos", "4 hilos"] },
          ],
          [
            "Detectores Direccionables",
            "Detector de Humo Direccionable",
            undefined,
            { Tipo: ["Fotoeléctrico", "Multicriterio"], Conexión: ["Direccionable"] },
          ],
          [
            "Detectores Inalámbricos",
            "Detector de Humo Inalámbrico",
            undefined,
            {
              Tipo: ["Fotoeléctrico"],
              Conexión: ["Inalámbrico"],
              Voltaje: ["Batería de litio 10 años"],
            },
          ],
          [
            "Detectores de Haz",
            "Detector de Humo de Haz Proyectado",
            undefined,
            { Tipo: ["Haz reflejado de 5 a 100 m"], Conexión: ["4 hilos", "Direccionable"] },
          ],
          [
            "Detectores de Ducto",
            "Detector de Humo para Ducto",
            undefined,
            { Tipo: ["Fotoeléctrico"], Conexión: ["4 hilos", "Direccionable"] },
          ],
        ],
      ),
      sub("Detectores de Temperatura y Gas", "smoke", 1.2, FIRE, [
        [
          "Detectores Térmicos",
          "Detector de Temperatura Fija",
          undefined,
          { Tipo: ["57 °C", "88 °C"], Certificación: ["UL 521"] },
        ],
        [
          "Detectores Termovelocimétricos",
          "Detector Termovelocimétrico",
          undefined,
          { Tipo: ["57 °C con tasa de incremento"], Certificación: ["UL 521"] },
        ],
        [
          "Detectores de Gas",
          "Detector de Gas",
          undefined,
          { Tipo: ["Gas natural / LP"], Certificación: ["UL 1484"] },
        ],
        [
          "Detectores de Monóxido",
          "Detector de Monóxido de Carbono",
          undefined,
          { Tipo: ["electroquímico"], Certificación: ["UL 2075"] },
        ],
      ]),
      sub("Estaciones Manuales", "pull", 0.8, FIRE, [
        [
          "Estaciones de Doble Acción",
          "Estación Manual de Doble Acción",
          undefined,
          { Acción: null, Tipo: ["Convencional"] },
        ],
        [
          "Estaciones de Simple Acción",
          "Estación Manual de Simple Acción",
          undefined,
          { Acción: null, Tipo: ["Convencional"] },
        ],
        ["Estaciones Direccionables", "Estación Manual Direccionable", undefined, { Tipo: null }],
      ]),
      sub("Notificación", "horn", 1.2, FIRE, [
        ["Sirenas con Estrobo", "Sirena con Estrobo"],
        ["Estrobos de Techo", "Estrobo de Techo", undefined, { Montaje: null }],
        [
          "Altavoces de Evacuación",
          "Altavoz de Evacuación",
          "speaker",
          {
            Potencia: ["6 W", "10 W", "30 W"],
            Instalación: ["Techo", "Pared"],
            Línea: ["70/100 V"],
          },
        ],
        ["Campanas de Alarma", "Campana de Alarma"],
      ]),
      sub("Módulos y Accesorios de Incendio", "pull", 0.8, FIRE, [
        [
          "Módulos de Monitoreo",
          "Módulo de Monitoreo",
          undefined,
          { Acción: null, Tipo: ["Direccionable"], Material: null },
        ],
        [
          "Módulos de Control",
          "Módulo de Control",
          undefined,
          { Acción: null, Tipo: ["Direccionable"], Material: null },
        ],
        [
          "Bases para Detector",
          "Base para Detector",
          "mount",
          {
            Material: ["Policarbonato"],
            Compatibilidad: ["Detectores convencionales", "Detectores direccionables"],
            "Carga máxima": null,
          },
        ],
        [
          "Baterías para Paneles",
          "Batería de Respaldo",
          "battery",
          {
            Voltaje: ["12 V"],
            Capacidad: ["7 Ah", "12 Ah", "18 Ah"],
            Química: ["Plomo ácido AGM"],
          },
        ],
      ]),
    ],
  },
  {
    id: "30",
    weight: 9,
    subs: [
      sub("UPS", "ups", 2, UPS, [
        [
          "UPS Interactivas",
          "UPS Interactiva",
          undefined,
          {
            Topología: null,
            Capacidad: ["750 VA", "1 000 VA", "1 500 VA", "2 200 VA", "3 000 VA"],
          },
        ],
        [
          "UPS en Línea",
          "UPS en Línea",
          undefined,
          {
            Topología: ["Doble conversión"],
            Capacidad: ["1 000 VA", "3 000 VA", "6 kVA", "10 kVA"],
          },
        ],
        ["UPS para Rack", "UPS para Rack", undefined, { Formato: ["Rack/Torre 2U", "Rack 3U"] }],
        [
          "UPS Residenciales",
          "UPS Residencial",
          undefined,
          {
            Topología: ["Interactiva"],
            Capacidad: ["750 VA", "1 000 VA"],
            Voltaje: ["120 Vca"],
            Formato: ["Torre"],
          },
        ],
      ]),
      sub(
        "Baterías",
        "battery",
        1.5,
        ["Epcom", "Victron Energy", "APC", "Forza"],
        [
          [
            "Baterías de Plomo Ácido",
            "Batería de Plomo Ácido",
            undefined,
            {
              Voltaje: ["12 V"],
              Capacidad: ["4 Ah", "7 Ah", "12 Ah", "18 Ah", "100 Ah"],
              Química: ["AGM", "Gel"],
            },
          ],
          [
            "Baterías de Litio",
            "Batería de Litio",
            undefined,
            {
              Voltaje: ["12 V", "24 V", "48 V"],
              Capacidad: ["100 Ah", "200 Ah"],
              Química: ["LiFePO4"],
            },
          ],
          [
            "Bancos de Baterías",
            "Banco de Baterías",
            undefined,
            { Voltaje: ["24 V", "48 V"], Capacidad: ["100 Ah", "200 Ah"] },
          ],
        ],
      ),
      sub(
        "Energía Solar",
        "solar",
        1.2,
        ["Victron Energy", "Epcom", "Schneider Electric"],
        [
          [
            "Paneles Solares",
            "Panel Solar",
            undefined,
            {
              Potencia: ["100 W", "200 W", "450 W", "550 W"],
              Tecnología: ["Monocristalino", "Policristalino"],
            },
          ],
          [
            "Controladores de Carga",
            "Controlador de Carga Solar",
            undefined,
            {
              Potencia: ["20 A", "30 A", "60 A"],
              Tecnología: ["PWM", "MPPT"],
              Eficiencia: ["98 %"],
            },
          ],
          [
            "Inversores",
            "Inversor de Corriente",
            undefined,
            {
              Potencia: ["1 kW", "3 kW", "5 kW"],
              Tecnología: ["onda senoidal pura"],
              Eficiencia: ["93 %"],
            },
          ],
          [
            "Kits Solares",
            "Kit Solar",
            undefined,
            { Potencia: ["1 kW", "3 kW"], Tecnología: ["Monocristalino"] },
          ],
        ],
      ),
      sub(
        "Reguladores y Protección",
        "regulator",
        1,
        ["Forza", "APC", "Tripp Lite", "CyberPower", "Schneider Electric"],
        [
          [
            "Reguladores de Voltaje",
            "Regulador de Voltaje",
            undefined,
            { Capacidad: ["1 000 VA", "2 000 VA", "3 000 VA"], Joules: null },
          ],
          [
            "Supresores de Picos",
            "Supresor de Picos",
            undefined,
            { Capacidad: ["600 J", "1 200 J", "2 000 J"], Joules: null },
          ],
          [
            "Protectores para Datos",
            "Protector contra Descargas para Ethernet",
            undefined,
            {
              Capacidad: ["Gigabit PoE"],
              "Tomas o puertos": ["1 puerto"],
              Voltaje: ["48 Vcd"],
              Joules: null,
            },
          ],
        ],
      ),
      sub(
        "Distribución de Energía",
        "pdu",
        0.8,
        ["APC", "Tripp Lite", "CyberPower", "Legrand", "Panduit"],
        [
          ["PDU Básicas", "PDU Básico"],
          ["PDU Monitoreables", "PDU Monitoreable"],
          ["Multitomas", "Multitoma"],
        ],
      ),
      sub(
        "Fuentes de Poder",
        "psu",
        1.5,
        ["Epcom", "Hikvision", "Ubiquiti", "TP-Link"],
        [
          ["Fuentes Centralizadas", "Fuente de Poder Centralizada"],
          ["Fuentes con Respaldo", "Fuente de Poder con Respaldo"],
          ["Adaptadores de Corriente", "Adaptador de Corriente"],
          [
            "Inyectores PoE",
            "Inyector PoE",
            undefined,
            {
              "Voltaje de salida": ["48 Vcd"],
              Corriente: ["0.5 A", "1 A"],
              Salidas: ["1 salida", "8 salidas"],
            },
          ],
        ],
      ),
    ],
  },
  {
    id: "25",
    weight: 7,
    subs: [
      sub("Radios Portátiles", "radio", 2.5, RADIO, [
        [
          "Radios Digitales DMR",
          "Radio Portátil Digital DMR",
          undefined,
          {
            Banda: ["VHF 136-174 MHz", "UHF 403-470 MHz", "UHF 450-512 MHz"],
            Potencia: ["4 W", "5 W"],
          },
        ],
        [
          "Radios Analógicos",
          "Radio Portátil Analógico",
          undefined,
          { Banda: ["VHF 136-174 MHz", "UHF 403-470 MHz"], Potencia: ["1 W", "4 W", "5 W"] },
        ],
        [
          "Radios Intrínsecamente Seguros",
          "Radio Portátil Intrínsecamente Seguro",
          undefined,
          {
            Banda: ["VHF 136-174 MHz", "UHF 403-470 MHz"],
            Potencia: ["1 W"],
            Protección: ["IP67", "IP68"],
          },
        ],
        ["Radios PoC LTE", "Radio PoC LTE", undefined, { Banda: null, Potencia: null }],
      ]),
      sub("Radios Móviles", "radio", 1.2, RADIO, [
        [
          "Radios Móviles Digitales",
          "Radio Móvil Digital",
          undefined,
          { Banda: ["VHF 136-174 MHz", "UHF 403-470 MHz"], Potencia: ["25 W", "45 W"] },
        ],
        [
          "Radios Móviles Analógicos",
          "Radio Móvil Analógico",
          undefined,
          { Banda: ["VHF 136-174 MHz", "UHF 403-470 MHz"], Potencia: ["25 W", "45 W"] },
        ],
        [
          "Radios Base",
          "Radio Base",
          undefined,
          { Banda: ["VHF 136-174 MHz", "UHF 403-470 MHz"], Potencia: ["25 W", "45 W"] },
        ],
      ]),
      sub("Repetidores", "repeater", 0.6, RADIO, [
        ["Repetidores DMR", "Repetidor Digital DMR", undefined, { Modo: ["Digital DMR"] }],
        ["Repetidores Analógicos", "Repetidor Analógico", undefined, { Modo: ["Analógico"] }],
        ["Duplexores", "Duplexor", undefined, { Modo: null, Potencia: ["50 W", "100 W"] }],
      ]),
      sub(
        "Antenas",
        "antenna",
        1,
        [...RADIO, "Epcom"],
        [
          [
            "Antenas Móviles",
            "Antena Móvil",
            undefined,
            {
              Banda: ["VHF", "UHF"],
              Tipo: ["Omnidireccional"],
              Ganancia: ["3 dBi", "6 dBi"],
              Conector: ["PL-259"],
            },
          ],
          [
            "Antenas Base",
            "Antena Base",
            undefined,
            {
              Banda: ["VHF", "UHF"],
              Tipo: ["Omnidireccional"],
              Ganancia: ["6 dBi"],
              Conector: ["N hembra"],
            },
          ],
          [
            "Antenas Yagi",
            "Antena Yagi",
            undefined,
            {
              Banda: ["VHF", "UHF"],
              Tipo: null,
              Ganancia: ["6 dBi", "16 dBi"],
              Conector: ["N hembra"],
            },
          ],
        ],
      ),
      sub("Accesorios para Radio", "radio_acc", 2, RADIO, [
        [
          "Baterías para Radio",
          "Batería para Radio",
          "battery",
          {
            Voltaje: ["7.4 V"],
            Capacidad: ["2 200 mAh", "3 000 mAh"],
            Química: ["Ion de litio"],
            Terminal: null,
          },
        ],
        [
          "Micrófonos de Solapa",
          "Micrófono de Solapa",
          undefined,
          { Tipo: ["con cancelación de ruido", "IP54"] },
        ],
        [
          "Cargadores",
          "Cargador Múltiple",
          undefined,
          { Tipo: ["de 6 unidades", "de 2 unidades"] },
        ],
        [
          "Audífonos",
          "Audífono de Seguridad",
          undefined,
          { Tipo: ["de tubo acústico", "de conducción ósea"] },
        ],
        ["Estuches", "Estuche de Cuero", undefined, { Tipo: ["con clip giratorio", "con correa"] }],
      ]),
      sub(
        "Torres y Mástiles",
        "tower",
        0.6,
        ["Epcom", "CommScope"],
        [
          ["Torres Arriostradas", "Tramo de Torre Arriostrada"],
          ["Mástiles", "Mástil Telescópico"],
          [
            "Herrajes",
            "Herraje para Torre",
            "mount",
            {
              Material: ["Acero galvanizado"],
              Compatibilidad: ["Torres arriostradas", "Mástiles"],
            },
          ],
        ],
      ),
    ],
  },
  {
    id: "26",
    weight: 12,
    subs: [
      sub(
        "Switches",
        "switch",
        2.5,
        [...NET, "Hikvision", "Dahua"],
        [
          [
            "Switches PoE",
            "Switch PoE",
            undefined,
            { PoE: ["PoE+ 65 W", "PoE+ 120 W", "PoE+ 250 W", "PoE++ 400 W"] },
          ],
          [
            "Switches Administrables",
            "Switch Administrable",
            undefined,
            { Administración: ["Capa 2", "Capa 3", "Nube"] },
          ],
          [
            "Switches No Administrables",
            "Switch No Administrable",
            undefined,
            { Administración: ["No administrable"], Velocidad: ["Fast Ethernet", "Gigabit"] },
          ],
          [
            "Switches Industriales",
            "Switch Industrial",
            undefined,
            { Montaje: ["Riel DIN"], Puertos: ["5 puertos", "8 puertos"] },
          ],
        ],
      ),
      sub(
        "Routers y Firewalls",
        "router",
        1.2,
        ["MikroTik", "Ubiquiti", "TP-Link", "Cisco", "Teltonika"],
        [
          ["Routers", "Router", undefined, { Conectividad: ["Gigabit"] }],
          [
            "Routers Inalámbricos",
            "Router Inalámbrico",
            undefined,
            { Conectividad: ["Wi-Fi 5", "Wi-Fi 6"] },
          ],
          ["Firewalls", "Firewall", undefined, { Conectividad: ["Gigabit", "10 Gigabit SFP+"] }],
          [
            "Routers Industriales",
            "Router Industrial",
            undefined,
            { Conectividad: ["4G LTE Cat 4", "4G LTE Cat 6"] },
          ],
        ],
      ),
      sub("Wi-Fi Empresarial", "ap", 1.8, NET, [
        ["Access Points de Interior", "Access Point de Interior"],
        ["Access Points de Exterior", "Access Point de Exterior"],
        [
          "Controladoras Wi-Fi",
          "Controladora Wi-Fi",
          "router",
          { Conectividad: ["Gigabit"], VPN: null },
        ],
        ["Sistemas Mesh", "Sistema Wi-Fi Mesh"],
      ]),
      sub(
        "Enlaces Inalámbricos",
        "ptp",
        1.2,
        ["Ubiquiti", "MikroTik", "Cambium Networks", "TP-Link"],
        [
          ["Enlaces Punto a Punto", "Enlace Punto a Punto"],
          ["Punto Multipunto", "Radio Punto Multipunto"],
          [
            "Antenas Sectoriales",
            "Antena Sectorial",
            "antenna",
            { Banda: ["5 GHz"], Tipo: ["90°", "120°"], Ganancia: ["16 dBi", "19 dBi"] },
          ],
          [
            "Antenas Parabólicas",
            "Antena Parabólica",
            "antenna",
            { Banda: ["5 GHz"], Tipo: null, Ganancia: ["23 dBi", "30 dBi"] },
          ],
        ],
      ),
      sub(
        "Transceptores y Convertidores",
        "sfp",
        1,
        ["TP-Link", "MikroTik", "Ubiquiti", "Cisco", "Epcom"],
        [
          ["Módulos SFP", "Transceptor SFP"],
          [
            "Convertidores de Medios",
            "Convertidor de Medios",
            "media",
            { Tipo: ["de fibra a Ethernet"], Distancia: ["20 km"] },
          ],
          ["Extensores PoE", "Extensor PoE", "media", { Tipo: null, Distancia: ["100 m"] }],
        ],
      ),
      sub("Telefonía IP", "phone", 1.2, VOIP, [
        ["Teléfonos IP", "Teléfono IP"],
        ["Teléfonos DECT", "Teléfono IP DECT"],
        [
          "Conmutadores IP",
          "Conmutador IP",
          "router",
          { Conectividad: ["Gigabit"], Rendimiento: null, Sistema: null },
        ],
        ["Gateways FXS y FXO", "Gateway FXS", "media", { Tipo: null, Distancia: null }],
      ]),
      sub(
        "Audio y Video Profesional",
        "media",
        1,
        ["Yealink", "Grandstream", "Epcom", "Bosch"],
        [
          [
            "Extensores HDMI",
            "Extensor HDMI",
            undefined,
            { Tipo: ["4K por UTP", "4K por fibra"], Puertos: null },
          ],
          ["Bocinas de Techo", "Bocina de Techo", "speaker"],
          ["Amplificadores", "Amplificador de Audio", "speaker", { Instalación: null }],
          ["Videoconferencia", "Barra de Videoconferencia", "cam_conf"],
        ],
      ),
    ],
  },
  {
    id: "27",
    weight: 6,
    subs: [
      sub("Rastreadores GPS", "gps", 2.5, GPS, [
        ["Rastreadores Vehiculares", "Rastreador GPS Vehicular"],
        ["Rastreadores Personales", "Rastreador GPS Personal"],
        ["Rastreadores para Activos", "Rastreador GPS para Activos"],
        ["Rastreadores para Motos", "Rastreador GPS para Moto"],
      ]),
      sub(
        "Video Telemática",
        "dashcam",
        1,
        ["Hikvision", "Dahua", "Concox", "Meitrack", "Queclink"],
        [
          ["Cámaras para Vehículo", "Cámara para Vehículo"],
          ["Sistemas ADAS", "Sistema ADAS"],
          ["Videograbadores Móviles", "Videograbador Móvil 4G"],
        ],
      ),
      sub(
        "Sensores IoT",
        "iot_sensor",
        1,
        ["Teltonika", "Ruptela", "Queclink", "Meitrack"],
        [
          [
            "Sensores de Combustible",
            "Sensor de Nivel de Combustible",
            undefined,
            { Medición: null, Conexión: ["RS-485", "Analógica"] },
          ],
          [
            "Sensores de Temperatura",
            "Sensor de Temperatura",
            undefined,
            { Medición: null, Conexión: ["Bluetooth LE", "1-Wire"] },
          ],
          ["Botones de Pánico", "Botón de Pánico", "button"],
          [
            "Lectoras iButton",
            "Lectora iButton",
            "reader",
            { Tecnología: null, Interfaz: ["1-Wire"], Teclado: null, "Distancia de lectura": null },
          ],
        ],
      ),
      sub(
        "Gateways y Módems IoT",
        "router",
        0.8,
        ["Teltonika", "MikroTik", "Cisco"],
        [
          ["Módems 4G LTE", "Módem 4G LTE", undefined, { Conectividad: null }],
          ["Gateways LoRaWAN", "Gateway LoRaWAN", undefined, { Conectividad: null }],
          [
            "Routers Celulares",
            "Router Celular",
            undefined,
            { Conectividad: ["4G LTE Cat 4", "4G LTE Cat 6"] },
          ],
        ],
      ),
      sub(
        "Señalización Digital",
        "signage",
        1,
        ["Hikvision", "Dahua", "Epcom"],
        [
          ["Pantallas de Señalización", "Pantalla de Señalización Digital"],
          [
            "Kioscos Interactivos",
            "Kiosco Interactivo",
            undefined,
            { Táctil: ["Táctil capacitivo"] },
          ],
          [
            "Reproductores de Contenido",
            "Reproductor de Contenido Digital",
            "media",
            { Tipo: null, Distancia: null, Puertos: ["1 puerto"] },
          ],
          ["Pantallas LED", "Módulo de Pantalla LED"],
        ],
      ),
    ],
  },
  {
    id: "65811",
    weight: 8,
    subs: [
      sub(
        "Cable UTP",
        "reel",
        1.5,
        [...CABLING, "Epcom"],
        [
          [
            "Cable UTP Cat5e",
            "Bobina de Cable UTP Cat5e",
            undefined,
            { Categoría: null, Longitud: ["305 m"], "Hilos o pares": ["4 pares"] },
          ],
          [
            "Cable UTP Cat6",
            "Bobina de Cable UTP Cat6",
            undefined,
            { Categoría: null, Longitud: ["305 m"], "Hilos o pares": ["4 pares"] },
          ],
          [
            "Cable UTP Cat6A",
            "Bobina de Cable UTP Cat6A",
            undefined,
            { Categoría: null, Longitud: ["305 m", "500 m"], "Hilos o pares": ["4 pares"] },
          ],
          [
            "Cable FTP Blindado",
            "Bobina de Cable FTP Blindado",
            undefined,
            { Categoría: ["Cat6", "Cat6A"], Longitud: ["305 m"], "Hilos o pares": ["4 pares"] },
          ],
        ],
      ),
      sub(
        "Fibra Óptica",
        "reel",
        1.2,
        ["Furukawa", "CommScope", "Panduit", "Siemon", "Epcom"],
        [
          [
            "Cable de Fibra Monomodo",
            "Cable de Fibra Óptica Monomodo",
            undefined,
            {
              Categoría: ["OS2"],
              "Hilos o pares": ["6 hilos", "12 hilos", "24 hilos"],
              Color: ["Negro", "Amarillo"],
            },
          ],
          [
            "Cable de Fibra Multimodo",
            "Cable de Fibra Óptica Multimodo",
            undefined,
            {
              Categoría: ["OM3", "OM4"],
              "Hilos o pares": ["6 hilos", "12 hilos"],
              Color: ["Aqua", "Negro"],
            },
          ],
          [
            "Bandejas de Fibra",
            "Bandeja de Fibra Óptica",
            "patchpanel",
            { Puertos: ["12 fibras", "24 fibras"], Categoría: ["LC dúplex"] },
          ],
          [
            "Pigtails",
            "Pigtail de Fibra",
            "patchcord",
            { Categoría: ["LC OS2", "SC OS2", "LC OM4"], Longitud: ["1 m", "2 m"] },
          ],
          ["Conectores de Fibra", "Conector de Fibra", "jack", { Categoría: ["LC", "SC"] }],
        ],
      ),
      sub("Patch Cords", "patchcord", 1.5, CABLING, [
        ["Patch Cords Cat6", "Patch Cord Cat6", undefined, { Categoría: null }],
        ["Patch Cords Cat6A", "Patch Cord Cat6A", undefined, { Categoría: null }],
        [
          "Jumpers de Fibra",
          "Jumper de Fibra Óptica",
          undefined,
          { Categoría: ["LC-LC OS2", "LC-LC OM4", "SC-LC OS2"], Color: ["Amarillo", "Aqua"] },
        ],
      ]),
      sub("Paneles de Parcheo", "patchpanel", 1, CABLING, [
        [
          "Paneles Cat6",
          "Panel de Parcheo Cat6",
          undefined,
          { Puertos: ["24 puertos", "48 puertos"], Categoría: null },
        ],
        [
          "Paneles Modulares",
          "Panel de Parcheo Modular",
          undefined,
          { Puertos: ["24 puertos", "48 puertos"], Categoría: null },
        ],
        [
          "Organizadores de Cable",
          "Organizador Horizontal de Cable",
          undefined,
          { Puertos: null, Categoría: null },
        ],
      ]),
      sub("Conectividad", "jack", 1.2, CABLING, [
        ["Jacks Cat6", "Jack Cat6", undefined, { Categoría: null }],
        ["Jacks Cat6A", "Jack Cat6A", undefined, { Categoría: null }],
        [
          "Faceplates",
          "Faceplate",
          undefined,
          { Categoría: ["de 1 puerto", "de 2 puertos", "de 4 puertos"] },
        ],
        ["Plugs RJ45", "Plug RJ45", undefined, { Categoría: ["Cat5e", "Cat6", "Cat6A"] }],
        [
          "Cajas de Superficie",
          "Caja de Superficie",
          undefined,
          { Categoría: ["de 1 puerto", "de 2 puertos"] },
        ],
      ]),
      sub(
        "Racks y Gabinetes",
        "rack",
        1,
        ["Panduit", "Legrand", "Epcom", "APC", "Tripp Lite"],
        [
          [
            "Racks Abiertos",
            "Rack Abierto",
            undefined,
            { Tipo: null, Altura: ["24U", "42U", "45U"] },
          ],
          [
            "Gabinetes de Piso",
            "Gabinete de Piso",
            undefined,
            { Tipo: null, Altura: ["24U", "42U", "45U"] },
          ],
          [
            "Gabinetes de Pared",
            "Gabinete de Pared",
            undefined,
            {
              Tipo: ["abatible", "fijo"],
              Altura: ["6U", "9U", "12U"],
              Profundidad: ["450 mm", "600 mm"],
            },
          ],
          [
            "Charolas y Accesorios",
            "Charola para Rack",
            "mount",
            {
              Material: ["Acero"],
              Compatibilidad: ['Racks de 19"'],
              "Carga máxima": ["10 kg", "25 kg"],
            },
          ],
        ],
      ),
      sub(
        "Canalización",
        "duct",
        0.8,
        ["Panduit", "Legrand", "Epcom"],
        [
          [
            "Canaletas",
            "Canaleta",
            undefined,
            { Medida: ["20 × 10 mm", "40 × 25 mm", "100 × 45 mm"], Material: ["PVC"] },
          ],
          [
            "Bandejas Portacables",
            "Bandeja Portacable",
            undefined,
            { Medida: ["300 × 54 mm", "200 × 54 mm"], Material: ["Acero galvanizado"] },
          ],
          [
            "Tubería Conduit",
            "Tubería Conduit",
            undefined,
            { Medida: ['1/2"', '3/4"', '1"'], Material: ["PVC", "Acero galvanizado"] },
          ],
        ],
      ),
      sub(
        "Herramientas",
        "tool",
        0.8,
        ["Panduit", "Furukawa", "Siemon", "Epcom"],
        [
          ["Ponchadoras", "Ponchadora", undefined, { Aplicación: ["RJ45 Cat6", "Jacks 110"] }],
          [
            "Probadores de Cable",
            "Probador de Cable",
            undefined,
            { Aplicación: ["Cable UTP y coaxial"] },
          ],
          [
            "Certificadores",
            "Certificador de Cableado",
            undefined,
            { Aplicación: ["Cat6A y fibra"] },
          ],
          [
            "Empalmadoras de Fibra",
            "Empalmadora de Fibra Óptica",
            undefined,
            { Aplicación: ["fusión por alineación de núcleo"] },
          ],
        ],
      ),
    ],
  },
];
