/**
 * Product kinds: what a product is, which drawing it gets, which specs it has
 * and how they read in its title. Attribute: [spec name, values, title format].
 * A title format starting with '+' joins the noun with a space ("Cámara IP Bala 4 MP");
 * the others follow after commas ("…, lente 2.8 mm, PoE, IP67"). No format: spec only.
 */
export type Icon =
  | "bullet"
  | "dome"
  | "ptz"
  | "nvr"
  | "hdd"
  | "monitor"
  | "license"
  | "mount"
  | "psu"
  | "connector"
  | "reader"
  | "card"
  | "lock"
  | "button"
  | "intercom"
  | "barrier"
  | "panel"
  | "keypad"
  | "sensor"
  | "siren"
  | "motor"
  | "remote"
  | "smoke"
  | "pull"
  | "speaker"
  | "ups"
  | "battery"
  | "solar"
  | "pdu"
  | "radio"
  | "antenna"
  | "tower"
  | "switch"
  | "router"
  | "ap"
  | "sfp"
  | "phone"
  | "tracker"
  | "reel"
  | "patchcord"
  | "patchpanel"
  | "jack"
  | "rack"
  | "duct"
  | "tool";

type Attr = readonly [name: string, values: readonly string[], title?: string];

export interface KindDef {
  icon: Icon;
  /** Price range in COP. */
  price: readonly [number, number];
  attrs: readonly Attr[];
  features: readonly string[];
  /** Kinds offered as accessories ("Accesorios Opcionales"). */
  accessories?: readonly string[];
}

const camAcc = ["mount", "psu", "connector", "hdd"];

export const KINDS: Readonly<Record<string, KindDef>> = {
  cam_ip: {
    icon: "bullet",
    price: [180_000, 3_500_000],
    attrs: [
      ["Resolución", ["2 MP", "4 MP", "5 MP", "6 MP", "8 MP (4K)"], "+{v}"],
      ["Alcance IR", ["20 m", "30 m", "40 m", "50 m", "60 m", "80 m"], "+con IR {v}"],
      [
        "Lente",
        ["2.8 mm", "4 mm", "6 mm", "2.8-12 mm motorizado", "2.7-13.5 mm motorizado"],
        "lente {v}",
      ],
      ["Alimentación", ["PoE", "12 Vcd / PoE", "PoE+"], "{v}"],
      ["Protección", ["IP66", "IP67", "IP67 / IK10"], "{v}"],
      ["Compresión", ["H.265+ / H.264+", "H.265 / H.264", "Smart H.265+"]],
      ["Ranura microSD", ["Hasta 256 GB", "Hasta 512 GB", "No"]],
      [
        "Analíticos",
        [
          "Detección de línea e intrusión",
          "Clasificación humano/vehículo",
          "Reconocimiento facial",
          "Conteo de personas",
        ],
      ],
    ],
    features: [
      "Tecnología de luz baja para imágenes nítidas de noche",
      "WDR de 120 dB para escenas a contraluz",
      "Compresión de video H.265+ que reduce el almacenamiento",
      "Detección de movimiento 2.0 con clasificación humano/vehículo",
      "Compatible con ONVIF Perfil S y T",
      "Micrófono integrado",
      "Luz híbrida inteligente",
      "Alarma disuasiva con luz y sonido",
      "Acceso remoto desde aplicación móvil",
    ],
    accessories: camAcc,
  },
  cam_dome: {
    icon: "dome",
    price: [170_000, 3_200_000],
    attrs: [
      ["Resolución", ["2 MP", "4 MP", "5 MP", "8 MP (4K)", "12 MP"], "+{v}"],
      ["Alcance IR", ["20 m", "30 m", "40 m"], "+con IR {v}"],
      [
        "Lente",
        ["2.8 mm", "2.8-12 mm motorizado", "1.16 mm (180°)", "2.8 mm gran angular"],
        "lente {v}",
      ],
      ["Alimentación", ["PoE", "12 Vcd / PoE"], "{v}"],
      ["Protección", ["IP67 / IK10", "IK10", "IP67"], "{v}"],
      ["Compresión", ["H.265+ / H.264+", "H.265 / H.264"]],
      ["Audio", ["Micrófono integrado", "Entrada y salida de audio", "No"]],
    ],
    features: [
      "Carcasa antivandálica IK10",
      "Imagen a color 24/7 en baja iluminación",
      "Detección de rostro y perímetro",
      "Instalación en techo o pared",
      "Compatible con ONVIF",
      "WDR real de 120 dB",
    ],
    accessories: camAcc,
  },
  cam_ptz: {
    icon: "ptz",
    price: [1_800_000, 15_000_000],
    attrs: [
      ["Resolución", ["2 MP", "4 MP", "8 MP (4K)"], "+{v}"],
      ["Zoom óptico", ["15X", "25X", "32X", "45X"], "+zoom {v}"],
      ["Alcance IR", ["100 m", "150 m", "200 m", "400 m"], "IR {v}"],
      ["Alimentación", ["PoE+", "24 Vca", "Hi-PoE / 24 Vca"], "{v}"],
      ["Protección", ["IP66", "IP67"], "{v}"],
      ["Seguimiento automático", ["Sí", "No"]],
    ],
    features: [
      "Seguimiento automático de personas y vehículos",
      "300 presets y 8 patrullas",
      "Limpiaparabrisas integrado",
      "Estabilización electrónica de imagen",
      "Protección contra sobretensiones de 6 kV",
    ],
    accessories: ["mount", "psu"],
  },
  cam_analog: {
    icon: "bullet",
    price: [60_000, 480_000],
    attrs: [
      ["Resolución", ["1080p", "2 MP", "5 MP", "8 MP (4K)"], "+{v}"],
      ["Alcance IR", ["20 m", "30 m", "40 m", "80 m"], "+con IR {v}"],
      ["Lente", ["2.8 mm", "3.6 mm", "2.8-12 mm varifocal"], "lente {v}"],
      ["Tecnología", ["TurboHD / AHD / CVI / CVBS", "HDCVI / AHD / TVI", "TVI"], "{v}"],
      ["Protección", ["IP66", "IP67"], "{v}"],
      ["Audio por coaxial", ["Sí", "No"]],
    ],
    features: [
      "Salida de video 4 en 1 seleccionable",
      "Luz blanca de apoyo para color nocturno",
      "Transmisión hasta 500 m por cable coaxial",
      "Carcasa metálica para exterior",
    ],
    accessories: ["mount", "psu", "connector"],
  },
  cam_wifi: {
    icon: "dome",
    price: [90_000, 650_000],
    attrs: [
      ["Resolución", ["2 MP", "3 MP", "4 MP"], "+{v}"],
      ["Conectividad", ["Wi-Fi 2.4 GHz", "Wi-Fi doble banda", "Wi-Fi / Ethernet"], "{v}"],
      ["Audio", ["Audio bidireccional", "Micrófono integrado"], "{v}"],
      ["Almacenamiento", ["microSD hasta 256 GB", "Nube y microSD"]],
      ["Batería", ["No", "5200 mAh recargable", "10 000 mAh recargable"]],
    ],
    features: [
      "Configuración en minutos desde la aplicación",
      "Detección de personas con notificaciones",
      "Modo privacidad",
      "Sirena integrada",
      "Compatible con asistentes de voz",
    ],
  },
  cam_thermal: {
    icon: "bullet",
    price: [4_500_000, 15_000_000],
    attrs: [
      ["Resolución térmica", ["160 × 120", "256 × 192", "384 × 288", "640 × 512"], "+de {v}"],
      ["Lente térmico", ["3.1 mm", "6.2 mm", "9.7 mm", "15 mm"], "lente {v}"],
      ["Rango de temperatura", ["-20 °C a 150 °C", "-20 °C a 550 °C"], "medición {v}"],
      ["Protección", ["IP66", "IP67"], "{v}"],
      ["Alimentación", ["PoE / 12 Vcd"]],
    ],
    features: [
      "Detección de incendio temprana",
      "Alarmas por temperatura por regiones",
      "Imagen biespectro térmica y visible",
      "Detección perimetral de largo alcance",
    ],
    accessories: ["mount", "psu"],
  },
  recorder: {
    icon: "nvr",
    price: [380_000, 9_000_000],
    attrs: [
      ["Canales", ["4 canales", "8 canales", "16 canales", "32 canales", "64 canales"], "+{v}"],
      ["Resolución máxima", ["hasta 4 MP", "hasta 8 MP", "hasta 12 MP", "hasta 32 MP"], "{v}"],
      ["Puertos PoE", ["4 puertos PoE", "8 puertos PoE", "16 puertos PoE", "Sin PoE"], "{v}"],
      ["Bahías de disco", ["1 SATA", "2 SATA", "4 SATA", "8 SATA"], "{v}"],
      ["Salidas de video", ["HDMI 4K y VGA", "HDMI y VGA"]],
      ["Ancho de banda de entrada", ["80 Mbps", "160 Mbps", "256 Mbps", "320 Mbps"]],
    ],
    features: [
      "Grabación con compresión H.265+",
      "Búsqueda inteligente de eventos",
      "Acceso remoto por P2P sin abrir puertos",
      "Reconocimiento facial y de placas (según modelo)",
      "Salida HDMI a 4K",
      "Compatible con cámaras de terceros por ONVIF",
    ],
    accessories: ["hdd", "psu", "patchcord"],
  },
  hdd: {
    icon: "hdd",
    price: [220_000, 2_600_000],
    attrs: [
      ["Capacidad", ["1 TB", "2 TB", "4 TB", "6 TB", "8 TB", "10 TB", "12 TB"], "+{v}"],
      ["Interfaz", ["SATA III 6 Gb/s"], "{v}"],
      ["Velocidad", ["5400 rpm", "5900 rpm", "7200 rpm"], "{v}"],
      ["Carga de trabajo", ["180 TB/año", "360 TB/año", "550 TB/año"]],
      ["Uso recomendado", ["Videovigilancia 24/7", "Hasta 64 cámaras"]],
    ],
    features: [
      "Diseñado para operación 24/7",
      "Firmware optimizado para grabación continua",
      "Garantía de 3 años",
    ],
  },
  sd: {
    icon: "hdd",
    price: [35_000, 420_000],
    attrs: [
      ["Capacidad", ["64 GB", "128 GB", "256 GB", "512 GB"], "+{v}"],
      ["Clase", ["Clase 10 U3 V30", "Clase 10 U1"], "{v}"],
      ["Resistencia", ["Alta resistencia para escritura continua"]],
    ],
    features: ["Para cámaras con grabación local", "Resistente a temperatura y golpes"],
  },
  monitor: {
    icon: "monitor",
    price: [450_000, 12_000_000],
    attrs: [
      ["Tamaño", ['22"', '24"', '27"', '32"', '43"', '55"'], "+de {v}"],
      ["Resolución", ["Full HD", "4K UHD"], "{v}"],
      ["Entradas", ["HDMI / VGA", "HDMI / VGA / BNC", "HDMI / DP"], "entradas {v}"],
      ["Operación", ["24/7", "16/7"]],
      ["Montaje", ["VESA 100 × 100", "VESA 200 × 200", "VESA 400 × 400"]],
    ],
    features: ["Panel para operación continua", "Bocinas integradas", "Montaje VESA"],
    accessories: ["mount"],
  },
  license: {
    icon: "license",
    price: [250_000, 6_000_000],
    attrs: [
      [
        "Tipo",
        ["Licencia base", "Licencia por canal", "Licencia por puerta", "Renovación anual"],
        "+({v})",
      ],
      ["Canales", ["1 canal", "8 canales", "16 canales", "64 canales"], "{v}"],
      ["Vigencia", ["Perpetua", "1 año", "3 años"], "{v}"],
      ["Entrega", ["Electrónica"]],
    ],
    features: [
      "Entrega electrónica",
      "Actualizaciones incluidas durante la vigencia",
      "Soporte técnico del fabricante",
    ],
  },
  mount: {
    icon: "mount",
    price: [25_000, 380_000],
    attrs: [
      ["Material", ["Aluminio", "Acero", "Aleación de aluminio"], "+de {v}"],
      [
        "Compatibilidad",
        ["Cámaras bala", "Cámaras domo", "Cámaras PTZ", "Domos y turrets"],
        "para {v}",
      ],
      ["Color", ["Blanco", "Negro"], "color {v}"],
      ["Carga máxima", ["2 kg", "5 kg", "10 kg"]],
    ],
    features: ["Resistente a la intemperie", "Instalación sencilla", "Paso interno de cables"],
  },
  psu: {
    icon: "psu",
    price: [28_000, 1_200_000],
    attrs: [
      ["Voltaje de salida", ["12 Vcd", "24 Vcd", "48 Vcd", "12 Vcd / 24 Vca"], "+{v}"],
      ["Corriente", ["1 A", "2 A", "5 A", "10 A", "20 A"], "+{v}"],
      ["Salidas", ["1 salida", "4 salidas", "9 salidas", "18 salidas"], "{v}"],
      ["Entrada", ["100-240 Vca"]],
      ["Protección", ["Cortocircuito y sobrecarga", "Fusibles por canal"]],
    ],
    features: [
      "Indicador LED de funcionamiento",
      "Protección contra cortocircuito",
      "Gabinete metálico con chapa",
    ],
  },
  connector: {
    icon: "connector",
    price: [8_000, 160_000],
    attrs: [
      ["Tipo", ["BNC macho", "Balun pasivo", "Balun activo", "Conector de presión"], "+{v}"],
      ["Presentación", ["Par", "Bolsa con 10 piezas", "Bolsa con 100 piezas"], "{v}"],
      ["Compatibilidad", ["TurboHD / AHD / CVI", "Cable coaxial RG59", "Cable UTP Cat5e/6"]],
    ],
    features: ["Transmisión hasta 250 m por UTP", "Con protección contra ruido"],
  },
  reader: {
    icon: "reader",
    price: [90_000, 2_400_000],
    attrs: [
      [
        "Tecnología",
        ["125 kHz EM", "13.56 MHz Mifare", "Multiclass SE", "UHF 900 MHz", "Código QR"],
        "+{v}",
      ],
      ["Interfaz", ["Wiegand 26/34", "OSDP / RS-485", "Wiegand / OSDP"], "{v}"],
      ["Protección", ["IP65", "IP67", "Interior"], "{v}"],
      ["Distancia de lectura", ["Hasta 5 cm", "Hasta 10 cm", "Hasta 8 m"]],
      ["Teclado", ["Sí", "No"]],
    ],
    features: [
      "Compatible con controladores de terceros",
      "LED y zumbador de estado",
      "Montaje sobre marco de puerta",
    ],
    accessories: ["card", "lock", "button", "psu"],
  },
  biometric: {
    icon: "reader",
    price: [380_000, 4_800_000],
    attrs: [
      ["Método", ["Huella", "Rostro", "Rostro, huella y tarjeta", "Rostro y palma"], "+por {v}"],
      [
        "Capacidad de usuarios",
        ["3 000 usuarios", "6 000 usuarios", "10 000 usuarios", "50 000 usuarios"],
        "{v}",
      ],
      ["Pantalla", ['2.8"', '4.3" táctil', '5" táctil', '7" táctil'], "pantalla {v}"],
      ["Comunicación", ["TCP/IP y Wi-Fi", "TCP/IP y RS-485", "TCP/IP"]],
      ["Registros", ["100 000 eventos", "200 000 eventos"]],
    ],
    features: [
      "Detección de rostro en vivo antisuplantación",
      "Verificación en menos de 1 segundo",
      "Software de asistencia incluido",
    ],
    accessories: ["lock", "button", "psu"],
  },
  acc_panel: {
    icon: "panel",
    price: [450_000, 3_800_000],
    attrs: [
      ["Lectoras soportadas", ["2 lectoras", "4 lectoras", "8 lectoras"], "+para {v}"],
      ["Comunicación", ["TCP/IP", "TCP/IP y RS-485"], "{v}"],
      ["Usuarios", ["30 000 tarjetas", "60 000 tarjetas", "100 000 tarjetas"], "{v}"],
      ["Gabinete", ["Con gabinete metálico y fuente", "Solo tarjeta"]],
    ],
    features: ["Antipassback global", "Interbloqueo de puertas", "Administración vía web"],
    accessories: ["reader", "lock", "button", "psu"],
  },
  card: {
    icon: "card",
    price: [2_500, 95_000],
    attrs: [
      ["Tecnología", ["125 kHz EM", "13.56 MHz Mifare 1K", "iCLASS SE", "UHF"], "+{v}"],
      [
        "Formato",
        ["Tarjeta ISO delgada", "Llavero", "Tarjeta clamshell", "Etiqueta adhesiva"],
        "{v}",
      ],
      ["Presentación", ["Unidad", "Paquete con 10", "Paquete con 100"], "{v}"],
    ],
    features: ["Imprimible por ambas caras", "Número de serie único"],
  },
  lock: {
    icon: "lock",
    price: [85_000, 2_800_000],
    attrs: [
      ["Fuerza de retención", ["280 kg", "350 kg", "600 kg"], "+de {v}"],
      ["Alimentación", ["12 Vcd", "12/24 Vcd", "4 pilas AA"], "{v}"],
      ["Modo", ["Falla segura", "Falla asegurada", "Seleccionable"], "{v}"],
      ["Apertura", ["Huella, código y tarjeta", "Código y llave", "Pulso eléctrico"]],
    ],
    features: [
      "Sensor de estado de puerta",
      "Instalación en puertas de madera, vidrio o metal",
      "Acabado en acero inoxidable",
    ],
    accessories: ["button", "psu"],
  },
  button: {
    icon: "button",
    price: [15_000, 240_000],
    attrs: [
      ["Tipo", ["Sin contacto", "Mecánico", "Hongo de emergencia", "Inalámbrico"], "+{v}"],
      ["Material", ["Acero inoxidable", "Plástico ABS", "Aluminio"], "en {v}"],
      ["Contactos", ["NA/NC/COM"]],
    ],
    features: ["LED indicador", "Montaje en caja estándar"],
  },
  intercom: {
    icon: "intercom",
    price: [280_000, 3_500_000],
    attrs: [
      ["Pantalla", ['4.3"', '7"', '10"', "Sin pantalla"], "+{v}"],
      ["Tecnología", ["IP / SIP", "2 hilos", "Analógico 4 hilos"], "{v}"],
      ["Cámara", ["2 MP gran angular", "1 MP", "No"], "cámara {v}"],
      ["Alimentación", ["PoE", "12 Vcd", "Por bus de 2 hilos"]],
      ["Apertura de puerta", ["1 relevador", "2 relevadores"]],
    ],
    features: [
      "Llamada a aplicación móvil",
      "Apertura remota de puerta",
      "Visión nocturna",
      "Lector de tarjetas integrado",
    ],
    accessories: ["lock", "psu", "mount"],
  },
  barrier: {
    icon: "barrier",
    price: [2_200_000, 14_500_000],
    attrs: [
      ["Longitud de brazo", ["3 m", "4.5 m", "6 m"], "+de {v}"],
      ["Velocidad", ["1.5 s", "3 s", "6 s"], "apertura {v}"],
      ["Motor", ["24 Vcd", "110 Vca"], "motor {v}"],
      ["Ciclos", ["Uso intensivo", "Uso residencial"]],
    ],
    features: ["Con batería de respaldo opcional", "Sensor de obstáculos", "Desbloqueo manual"],
    accessories: ["reader", "remote", "sensor"],
  },
  alarm_panel: {
    icon: "panel",
    price: [250_000, 3_200_000],
    attrs: [
      ["Zonas", ["8 zonas", "16 zonas", "32 zonas", "64 zonas", "128 zonas"], "+de {v}"],
      ["Comunicación", ["IP y Wi-Fi", "IP y 4G", "Línea telefónica", "GPRS"], "{v}"],
      ["Particiones", ["2 particiones", "4 particiones", "8 particiones"], "{v}"],
      [
        "Inalámbricos",
        ["Hasta 32 dispositivos", "Hasta 64 dispositivos", "Hasta 200 dispositivos"],
      ],
      ["Batería de respaldo", ["12 V 4 Ah", "12 V 7 Ah", "Integrada 16 h"]],
    ],
    features: [
      "Monitoreo desde aplicación",
      "Reporte a central de monitoreo",
      "Programación remota",
      "Verificación por foto",
    ],
    accessories: ["keypad", "sensor", "siren", "battery"],
  },
  keypad: {
    icon: "keypad",
    price: [120_000, 1_100_000],
    attrs: [
      ["Pantalla", ["LCD alfanumérica", "LED de zonas", "Táctil a color"], "+{v}"],
      ["Conexión", ["Cableado", "Inalámbrico"], "{v}"],
      ["Lector de proximidad", ["Sí", "No"]],
    ],
    features: ["Teclas retroiluminadas", "Zumbador de avisos", "Teclas de pánico"],
  },
  sensor: {
    icon: "sensor",
    price: [35_000, 1_400_000],
    attrs: [
      [
        "Tecnología",
        ["PIR", "PIR + microondas", "PIR con cámara", "Magnético", "Acústico", "Sísmico"],
        "+{v}",
      ],
      ["Conexión", ["Cableado", "Inalámbrico"], "{v}"],
      ["Cobertura", ["12 × 12 m", "15 × 15 m", "Hasta 30 m", "Hasta 100 m"], "cobertura {v}"],
      ["Inmunidad a mascotas", ["Hasta 20 kg", "Hasta 40 kg", "No"]],
      ["Protección", ["Interior", "IP55", "IP65"]],
    ],
    features: [
      "Compensación automática de temperatura",
      "Antisabotaje de tapa",
      "Bajo consumo de batería",
    ],
  },
  siren: {
    icon: "siren",
    price: [28_000, 650_000],
    attrs: [
      ["Potencia", ["15 W", "30 W", "110 dB", "120 dB"], "+{v}"],
      ["Estrobo", ["Rojo", "Azul", "Ámbar", "Sin estrobo"], "estrobo {v}"],
      ["Conexión", ["Cableada", "Inalámbrica"], "{v}"],
      ["Protección", ["Interior", "IP65"]],
    ],
    features: ["Carcasa de policarbonato", "Batería de respaldo (según modelo)"],
  },
  gate_motor: {
    icon: "motor",
    price: [1_100_000, 6_500_000],
    attrs: [
      [
        "Peso máximo de puerta",
        ["400 kg", "600 kg", "1 000 kg", "1 800 kg"],
        "+para puertas de hasta {v}",
      ],
      ["Motor", ["24 Vcd", "120 Vca"], "{v}"],
      ["Velocidad", ["10 m/min", "12 m/min", "18 m/min"]],
      ["Ciclos por día", ["30", "50", "Uso intensivo"]],
    ],
    features: [
      "Receptor integrado",
      "Arranque y parada suave",
      "Desbloqueo con llave",
      "Compatible con batería de respaldo",
    ],
    accessories: ["remote", "sensor", "battery"],
  },
  remote: {
    icon: "remote",
    price: [28_000, 160_000],
    attrs: [
      ["Canales", ["1 botón", "2 botones", "4 botones"], "+de {v}"],
      ["Frecuencia", ["433.92 MHz", "315 MHz", "318 MHz"], "{v}"],
      ["Código", ["Rolling code", "Código fijo"]],
    ],
    features: ["Alcance de hasta 50 m", "Batería incluida"],
  },
  hub: {
    icon: "remote",
    price: [60_000, 950_000],
    attrs: [
      ["Protocolo", ["Wi-Fi", "Zigbee 3.0", "Z-Wave", "Jeweller"], "+{v}"],
      ["Alimentación", ["110 Vca", "Pilas", "5 Vcd USB"], "{v}"],
      ["Compatibilidad", ["Alexa y Google Home", "Aplicación propia"]],
    ],
    features: ["Control desde el celular", "Escenas y horarios", "Sin cuotas mensuales"],
  },
  fire_panel: {
    icon: "panel",
    price: [1_200_000, 15_000_000],
    attrs: [
      ["Zonas o lazos", ["4 zonas", "8 zonas", "1 lazo", "2 lazos", "10 lazos"], "+de {v}"],
      ["Dispositivos", ["159 por lazo", "318 dispositivos", "636 dispositivos"], "{v}"],
      ["Certificación", ["UL", "UL / FM", "EN 54"], "certificación {v}"],
      ["Fuente", ["3 A", "6 A"]],
      ["Comunicador", ["Integrado", "Opcional"]],
    ],
    features: [
      "Pantalla LCD de 80 caracteres",
      "Historial de 4 000 eventos",
      "Conexión a red de paneles",
    ],
    accessories: ["smoke", "pull", "horn", "battery"],
  },
  smoke: {
    icon: "smoke",
    price: [45_000, 1_800_000],
    attrs: [
      [
        "Tipo",
        [
          "Fotoeléctrico",
          "Térmico 57 °C",
          "Termovelocimétrico",
          "Multicriterio",
          "Gas natural / LP",
        ],
        "+{v}",
      ],
      ["Conexión", ["2 hilos", "4 hilos", "Direccionable", "Inalámbrico"], "{v}"],
      ["Voltaje", ["12/24 Vcd", "Lazo SLC", "Batería de litio 10 años"]],
      ["Certificación", ["UL 268", "UL 521", "EN 54-7"]],
    ],
    features: [
      "LED de estado visible 360°",
      "Cámara de detección removible para limpieza",
      "Prueba con imán",
    ],
  },
  pull: {
    icon: "pull",
    price: [55_000, 520_000],
    attrs: [
      ["Acción", ["Doble acción", "Simple acción"], "+de {v}"],
      ["Tipo", ["Convencional", "Direccionable"], "{v}"],
      ["Material", ["Policarbonato rojo", "Metal"]],
    ],
    features: ["Llave de restablecimiento incluida", "Montaje en caja sencilla"],
  },
  horn: {
    icon: "siren",
    price: [85_000, 650_000],
    attrs: [
      ["Montaje", ["Pared", "Techo"], "+de {v}"],
      ["Color", ["Rojo", "Blanco"], "color {v}"],
      ["Candelas", ["15/30/75/110 cd", "135/185 cd"], "{v}"],
      ["Voltaje", ["12/24 Vcd"]],
    ],
    features: ["Tono y candela seleccionables", "Sincronización de estrobos"],
  },
  speaker: {
    icon: "speaker",
    price: [75_000, 2_200_000],
    attrs: [
      ["Potencia", ["6 W", "10 W", "30 W", "60 W", "120 W"], "+de {v}"],
      ["Instalación", ["Techo", "Pared", "Exterior"], "para {v}"],
      ["Línea", ["70/100 V", "8 Ω"]],
    ],
    features: ["Respuesta de frecuencia amplia", "Rejilla metálica"],
  },
  ups: {
    icon: "ups",
    price: [280_000, 15_000_000],
    attrs: [
      [
        "Capacidad",
        ["750 VA", "1 000 VA", "1 500 VA", "2 200 VA", "3 000 VA", "6 kVA", "10 kVA"],
        "+de {v}",
      ],
      ["Topología", ["Interactiva", "En línea doble conversión"], "{v}"],
      ["Voltaje", ["120 Vca", "208/220 Vca"], "{v}"],
      ["Formato", ["Torre", "Rack/Torre 2U", "Rack 3U"]],
      ["Tomas", ["6 NEMA 5-15R", "8 NEMA 5-15R", "Bornera"]],
      ["Autonomía a media carga", ["8 min", "15 min", "25 min"]],
    ],
    features: [
      "Pantalla LCD",
      "Baterías intercambiables en caliente",
      "Puerto USB y ranura para tarjeta de red",
      "Onda senoidal pura",
    ],
    accessories: ["battery", "pdu"],
  },
  battery: {
    icon: "battery",
    price: [32_000, 4_800_000],
    attrs: [
      ["Voltaje", ["12 V", "24 V", "48 V", "7.4 V"], "+{v}"],
      ["Capacidad", ["4 Ah", "7 Ah", "12 Ah", "18 Ah", "100 Ah", "200 Ah", "2 200 mAh"], "+{v}"],
      ["Química", ["Plomo ácido AGM", "Gel", "LiFePO4", "Ion de litio"], "{v}"],
      ["Terminal", ["F1", "F2", "Perno M8"]],
      ["Vida útil", ["5 años", "10 años", "2 000 ciclos"]],
    ],
    features: ["Libre de mantenimiento", "Baja autodescarga"],
  },
  solar: {
    icon: "solar",
    price: [280_000, 9_500_000],
    attrs: [
      ["Potencia", ["100 W", "200 W", "450 W", "550 W", "1 kW"], "+de {v}"],
      ["Tecnología", ["Monocristalino", "Policristalino", "PWM", "MPPT"], "{v}"],
      ["Voltaje de sistema", ["12 V", "24 V", "48 V"], "{v}"],
      ["Eficiencia", ["20.5 %", "21.3 %", "98 %"]],
    ],
    features: [
      "Resistente a granizo y viento",
      "Monitoreo por Bluetooth",
      "Garantía de producto de 10 años",
    ],
    accessories: ["battery"],
  },
  regulator: {
    icon: "pdu",
    price: [45_000, 2_200_000],
    attrs: [
      ["Capacidad", ["1 000 VA", "2 000 VA", "3 000 VA", "10 kA", "Gigabit PoE"], "+{v}"],
      ["Tomas o puertos", ["4 tomas", "8 tomas", "1 puerto"], "{v}"],
      ["Voltaje", ["120 Vca", "220 Vca", "48 Vcd"]],
      ["Joules", ["600 J", "1 200 J", "2 000 J"]],
    ],
    features: ["Protección contra sobretensiones", "Indicadores LED de estado"],
  },
  pdu: {
    icon: "pdu",
    price: [90_000, 5_500_000],
    attrs: [
      ["Tomas", ["8 tomas", "12 tomas", "16 tomas", "24 tomas"], "+de {v}"],
      ["Formato", ["Horizontal 1U", "Vertical 0U"], "{v}"],
      ["Corriente", ["15 A", "20 A", "30 A"], "{v}"],
      ["Monitoreo", ["Local", "Por red", "No"]],
    ],
    features: ["Cable de 3 m", "Interruptor protegido", "Montaje sin herramientas"],
  },
  radio: {
    icon: "radio",
    price: [380_000, 5_800_000],
    attrs: [
      ["Banda", ["VHF 136-174 MHz", "UHF 403-470 MHz", "UHF 450-512 MHz", "LTE"], "+{v}"],
      ["Canales", ["16 canales", "32 canales", "256 canales", "1 024 canales"], "{v}"],
      ["Potencia", ["1 W", "4 W", "5 W", "25 W", "45 W"], "{v}"],
      ["Protección", ["IP54", "IP67", "IP68"]],
      ["Pantalla", ["Sin pantalla", "Pantalla monocromática", "Pantalla a color"]],
      ["GPS", ["Sí", "No"]],
    ],
    features: [
      "Audio claro con cancelación de ruido",
      "Modo dual analógico y digital",
      "Botón de emergencia",
      "Batería de larga duración",
    ],
    accessories: ["battery", "radio_acc", "antenna"],
  },
  radio_acc: {
    icon: "radio",
    price: [45_000, 780_000],
    attrs: [
      ["Compatibilidad", ["Serie DEP", "Serie NX", "Serie BD/PD", "Serie IC-F"], "+para {v}"],
      [
        "Tipo",
        [
          "Ion de litio 2 200 mAh",
          "Micrófono-bocina",
          "Cargador de 6 unidades",
          "Audífono de tubo acústico",
        ],
        "{v}",
      ],
    ],
    features: ["Accesorio original del fabricante", "Garantía de 6 meses"],
  },
  repeater: {
    icon: "nvr",
    price: [3_800_000, 15_000_000],
    attrs: [
      ["Banda", ["VHF", "UHF"], "+{v}"],
      ["Potencia", ["25 W", "50 W", "100 W"], "{v}"],
      ["Modo", ["Digital DMR", "Analógico", "Dual"], "{v}"],
      ["Formato", ["Rack 1U", "Rack 2U"]],
    ],
    features: ["Ciclo de trabajo continuo", "Conexión IP entre repetidores"],
    accessories: ["antenna", "psu"],
  },
  antenna: {
    icon: "antenna",
    price: [65_000, 4_200_000],
    attrs: [
      ["Banda", ["VHF", "UHF", "5 GHz", "2.4 GHz", "4G LTE"], "+{v}"],
      ["Ganancia", ["3 dBi", "6 dBi", "16 dBi", "23 dBi", "30 dBi"], "{v}"],
      ["Tipo", ["Omnidireccional", "Sectorial 90°", "Sectorial 120°", "Parabólica", "Yagi"], "{v}"],
      ["Conector", ["N hembra", "PL-259", "RP-SMA"]],
    ],
    features: ["Materiales resistentes a la intemperie", "Herrajes de montaje incluidos"],
  },
  tower: {
    icon: "tower",
    price: [120_000, 3_400_000],
    attrs: [
      ["Altura", ["3 m", "6 m", "9 m", "12 m"], "+de {v}"],
      ["Material", ["Acero galvanizado", "Aluminio"], "{v}"],
      ["Carga de viento", ["Hasta 90 km/h", "Hasta 120 km/h"]],
    ],
    features: ["Galvanizado por inmersión en caliente", "Fácil instalación"],
  },
  switch: {
    icon: "switch",
    price: [95_000, 14_000_000],
    attrs: [
      ["Puertos", ["5 puertos", "8 puertos", "16 puertos", "24 puertos", "48 puertos"], "+de {v}"],
      ["Velocidad", ["Fast Ethernet", "Gigabit", "2.5 Gigabit", "10 Gigabit"], "{v}"],
      ["PoE", ["PoE+ 65 W", "PoE+ 120 W", "PoE+ 250 W", "PoE++ 400 W", "Sin PoE"], "{v}"],
      ["Puertos SFP", ["2 SFP", "4 SFP+", "Sin SFP"], "{v}"],
      ["Administración", ["Capa 2", "Capa 3", "No administrable", "Nube"]],
      ["Montaje", ["Escritorio", 'Rack 19"', "Riel DIN"]],
    ],
    features: [
      "VLAN 802.1Q",
      "Calidad de servicio (QoS)",
      "Modo extendido PoE hasta 250 m",
      "Administración web y en la nube",
    ],
    accessories: ["sfp", "patchcord", "rack"],
  },
  router: {
    icon: "router",
    price: [85_000, 9_000_000],
    attrs: [
      ["Puertos", ["5 puertos", "10 puertos", "13 puertos"], "+de {v}"],
      ["Conectividad", ["Gigabit", "Wi-Fi 6", "4G LTE Cat 4", "4G LTE Cat 6", "LoRaWAN"], "{v}"],
      ["Rendimiento", ["1 Gbps", "3 Gbps", "10 Gbps"], "{v}"],
      ["Sistema", ["RouterOS", "UniFi OS", "RutOS", "Omada"]],
      ["VPN", ["IPsec / OpenVPN / WireGuard", "IPsec"]],
    ],
    features: ["Balanceo de cargas multi-WAN", "Servidor VPN", "Firewall de estado"],
    accessories: ["antenna", "sfp", "patchcord"],
  },
  ap: {
    icon: "ap",
    price: [180_000, 5_500_000],
    attrs: [
      ["Estándar", ["Wi-Fi 5 (802.11ac)", "Wi-Fi 6 (802.11ax)", "Wi-Fi 6E", "Wi-Fi 7"], "+{v}"],
      ["Velocidad", ["1 200 Mbps", "1 800 Mbps", "3 000 Mbps", "5 400 Mbps"], "{v}"],
      ["Instalación", ["Techo", "Pared", "Exterior IP67"], "{v}"],
      ["Alimentación", ["PoE", "PoE+"], "{v}"],
      ["Usuarios", ["Hasta 150", "Hasta 300", "Hasta 500"]],
    ],
    features: [
      "Roaming transparente",
      "Portal cautivo",
      "MU-MIMO y OFDMA",
      "Administración centralizada",
    ],
    accessories: ["psu", "patchcord", "mount"],
  },
  ptp: {
    icon: "antenna",
    price: [320_000, 8_500_000],
    attrs: [
      ["Frecuencia", ["5 GHz", "60 GHz", "5 GHz / 60 GHz", "2.4 GHz"], "+{v}"],
      ["Rendimiento", ["450 Mbps", "1 Gbps", "2 Gbps"], "{v}"],
      ["Alcance", ["Hasta 10 km", "Hasta 20 km", "Hasta 30 km", "Hasta 2 km"], "{v}"],
      ["Antena", ["Integrada 23 dBi", "Integrada 30 dBi", "Conector N"]],
    ],
    features: ["Alineación asistida", "Cifrado AES", "Alimentación PoE"],
    accessories: ["mount", "psu"],
  },
  sfp: {
    icon: "sfp",
    price: [35_000, 1_400_000],
    attrs: [
      ["Velocidad", ["1 Gbps", "10 Gbps", "25 Gbps"], "+{v}"],
      ["Tipo de fibra", ["Monomodo", "Multimodo", "Cobre RJ45"], "{v}"],
      ["Distancia", ["300 m", "550 m", "10 km", "20 km", "100 m"], "{v}"],
      ["Conector", ["LC dúplex", "LC simplex", "RJ45"]],
    ],
    features: ["Intercambiable en caliente", "Monitoreo digital (DDM)"],
  },
  phone: {
    icon: "phone",
    price: [140_000, 2_600_000],
    attrs: [
      ["Líneas", ["2 líneas SIP", "4 líneas SIP", "6 líneas SIP", "16 líneas SIP"], "+de {v}"],
      ["Pantalla", ["LCD monocromática", 'Color 2.8"', 'Color táctil 7"'], "pantalla {v}"],
      ["Puertos", ["Fast Ethernet", "Gigabit"], "{v}"],
      ["PoE", ["Sí", "No"]],
      ["Wi-Fi y Bluetooth", ["Integrado", "No"]],
    ],
    features: ["Audio HD", "Conferencia de 5 participantes", "Aprovisionamiento automático"],
    accessories: ["psu", "patchcord"],
  },
  media: {
    icon: "sfp",
    price: [45_000, 3_200_000],
    attrs: [
      [
        "Tipo",
        [
          "HDMI 4K por UTP",
          "Fibra a Ethernet",
          "Extensor PoE",
          "Gateway FXS",
          "Reproductor de contenido",
        ],
        "+{v}",
      ],
      ["Distancia", ["60 m", "120 m", "20 km", "100 m"], "hasta {v}"],
      ["Puertos", ["1 puerto", "2 puertos", "4 puertos", "8 puertos"], "{v}"],
    ],
    features: ["Instalación plug and play", "Indicadores LED de enlace"],
  },
  cam_conf: {
    icon: "bullet",
    price: [1_900_000, 12_000_000],
    attrs: [
      ["Resolución", ["Full HD", "4K"], "+{v}"],
      ["Zoom", ["Digital 4X", "Óptico 12X"], "zoom {v}"],
      ["Micrófonos", ["4 micrófonos", "8 micrófonos"], "{v}"],
      ["Plataformas", ["Teams y Zoom"]],
    ],
    features: ["Encuadre automático", "Supresión de ruido con IA", "Conexión USB"],
  },
  gps: {
    icon: "tracker",
    price: [120_000, 1_600_000],
    attrs: [
      ["Red", ["2G", "4G LTE Cat 1", "4G LTE Cat M1 / NB-IoT"], "+{v}"],
      [
        "Entradas y salidas",
        ["1 entrada / 1 salida", "3 entradas / 2 salidas", "4 entradas / 3 salidas"],
        "{v}",
      ],
      ["Batería de respaldo", ["170 mAh", "500 mAh", "5 000 mAh", "10 000 mAh"], "batería {v}"],
      ["Protección", ["IP65", "IP67", "Interior"], "{v}"],
      [
        "Funciones",
        ["Corte de motor", "Lectura CAN bus", "Sensor de combustible", "Botón de pánico"],
      ],
    ],
    features: [
      "Reporte de ubicación cada 10 segundos",
      "Geocercas ilimitadas",
      "Acelerómetro para conducción brusca",
      "Compatible con plataformas de rastreo",
    ],
    accessories: ["iot_sensor", "button"],
  },
  dashcam: {
    icon: "bullet",
    price: [350_000, 4_200_000],
    attrs: [
      ["Canales", ["1 canal", "2 canales", "4 canales", "8 canales"], "+de {v}"],
      ["Conectividad", ["4G LTE", "Wi-Fi", "4G LTE y GPS"], "{v}"],
      ["Almacenamiento", ["microSD 256 GB", "SSD 1 TB", "HDD 2 TB"], "{v}"],
      ["Analíticos", ["ADAS y DMS", "Detección de fatiga", "No"]],
    ],
    features: [
      "Detección de fatiga del conductor",
      "Alerta de colisión frontal",
      "Transmisión en vivo",
    ],
    accessories: ["mount", "sd"],
  },
  iot_sensor: {
    icon: "sensor",
    price: [60_000, 1_800_000],
    attrs: [
      [
        "Medición",
        [
          "Nivel de combustible",
          "Temperatura",
          "Temperatura y humedad",
          "Identificación de conductor",
        ],
        "+de {v}",
      ],
      ["Conexión", ["Bluetooth LE", "RS-485", "1-Wire", "Analógica"], "{v}"],
      ["Protección", ["IP67", "IP68"], "{v}"],
    ],
    features: ["Batería de hasta 5 años", "Calibración sencilla"],
  },
  signage: {
    icon: "monitor",
    price: [1_200_000, 15_000_000],
    attrs: [
      ["Tamaño", ['32"', '43"', '49"', '55"', '65"', '86"'], "+de {v}"],
      ["Brillo", ["350 nits", "500 nits", "700 nits", "2 500 nits"], "{v}"],
      ["Táctil", ["Táctil capacitivo", "No táctil"], "{v}"],
      ["Sistema", ["Android", "Linux", "Windows"]],
      ["Operación", ["24/7", "18/7"]],
    ],
    features: [
      "Programación de contenido por horarios",
      "Administración remota",
      "Orientación horizontal o vertical",
    ],
    accessories: ["mount", "media"],
  },
  reel: {
    icon: "reel",
    price: [180_000, 2_800_000],
    attrs: [
      [
        "Categoría",
        ["Cat5e", "Cat6", "Cat6A", "Monomodo OS2", "Multimodo OM3", "Multimodo OM4"],
        "+{v}",
      ],
      ["Longitud", ["305 m", "500 m", "1 000 m", "2 000 m"], "+de {v}"],
      ["Cubierta", ["CM", "CMR", "LSZH", "Exterior"], "cubierta {v}"],
      ["Color", ["Azul", "Gris", "Blanco", "Negro", "Amarillo"], "color {v}"],
      ["Hilos o pares", ["4 pares", "6 hilos", "12 hilos", "24 hilos"]],
    ],
    features: [
      "Conductores de cobre sólido 23 AWG",
      "Marcación métrica secuencial",
      "Cumple ANSI/TIA-568.2-D",
    ],
    accessories: ["jack", "patchpanel", "tool"],
  },
  patchcord: {
    icon: "patchcord",
    price: [9_000, 260_000],
    attrs: [
      ["Categoría", ["Cat6", "Cat6A", "LC-LC OS2", "LC-LC OM4", "SC-LC OS2"], "+{v}"],
      ["Longitud", ["0.5 m", "1 m", "2 m", "3 m", "5 m", "7 m"], "+de {v}"],
      ["Color", ["Azul", "Gris", "Rojo", "Amarillo", "Verde", "Aqua"], "color {v}"],
    ],
    features: ["Bota inyectada antienganche", "Probado al 100 % en fábrica"],
  },
  patchpanel: {
    icon: "patchpanel",
    price: [60_000, 1_900_000],
    attrs: [
      ["Puertos", ["12 puertos", "24 puertos", "48 puertos", "12 fibras", "24 fibras"], "+de {v}"],
      ["Categoría", ["Cat6", "Cat6A", "Modular", "LC dúplex"], "{v}"],
      ["Altura", ["1U", "2U"], "{v}"],
    ],
    features: ["Etiquetado frontal", "Barra de manejo de cable trasera"],
    accessories: ["patchcord", "jack", "rack"],
  },
  jack: {
    icon: "jack",
    price: [4_000, 95_000],
    attrs: [
      ["Categoría", ["Cat6", "Cat6A", "Cat5e", "LC", "SC"], "+{v}"],
      ["Color", ["Blanco", "Azul", "Negro", "Almendra"], "color {v}"],
      ["Presentación", ["Unidad", "Bolsa con 25", "Bolsa con 100"], "{v}"],
    ],
    features: ["Terminación sin herramienta", "Compatible T568A/B"],
  },
  rack: {
    icon: "rack",
    price: [180_000, 8_500_000],
    attrs: [
      ["Altura", ["6U", "9U", "12U", "24U", "42U", "45U"], "+de {v}"],
      ["Profundidad", ["450 mm", "600 mm", "800 mm", "1 000 mm"], "{v}"],
      ["Tipo", ["Abierto 2 postes", "Gabinete cerrado", "Gabinete de pared abatible"], "{v}"],
      ["Carga", ["60 kg", "400 kg", "1 000 kg"]],
    ],
    features: [
      "Puerta frontal de vidrio templado con chapa",
      "Laterales desmontables",
      "Incluye tornillería",
    ],
    accessories: ["pdu", "patchpanel"],
  },
  duct: {
    icon: "duct",
    price: [12_000, 480_000],
    attrs: [
      [
        "Medida",
        ["20 × 10 mm", "40 × 25 mm", "100 × 45 mm", '1/2"', '3/4"', "300 × 54 mm"],
        "+de {v}",
      ],
      ["Material", ["PVC", "Acero galvanizado", "Aluminio"], "{v}"],
      ["Longitud", ["2 m", "3 m"], "tramo de {v}"],
    ],
    features: ["Autoextinguible", "Tapa a presión"],
  },
  tool: {
    icon: "tool",
    price: [45_000, 15_000_000],
    attrs: [
      [
        "Aplicación",
        ["RJ45 Cat6", "Jacks 110", "Cable UTP y coaxial", "Certificación Cat6A", "Fusión de fibra"],
        "+para {v}",
      ],
      ["Incluye", ["Estuche", "Maletín rígido", "Batería y cargador"], "incluye {v}"],
    ],
    features: ["Construcción robusta", "Garantía de 1 año"],
  },
};
