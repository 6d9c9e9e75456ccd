/**
 * Product pictures and brand logos as small SVG drawings: one recognisable
 * shape per product kind, with the brand and model written underneath.
 */
import type { Icon } from "./kinds.ts";

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const D = "#2b2f36"; // dark body
const M = "#5b6470"; // mid grey
const L = "#e9edf2"; // light body
const G = "#1f8f4e"; // status LED

/** Each drawing fits the 400 × 290 box at the top of the picture. */
const DRAW: Readonly<Record<Icon, (accent: string) => string>> = {
  bullet: (a) =>
    `<rect x="90" y="110" width="200" height="80" rx="30" fill="${L}" stroke="${M}" stroke-width="4"/>
     <rect x="80" y="100" width="60" height="100" rx="12" fill="${D}"/><circle cx="110" cy="150" r="26" fill="#111"/>
     <circle cx="110" cy="150" r="12" fill="#3a6ea5"/><rect x="260" y="80" width="90" height="30" rx="8" fill="${L}" stroke="${M}" stroke-width="4"/>
     <rect x="280" y="190" width="20" height="60" fill="${M}"/><rect x="250" y="245" width="80" height="16" rx="4" fill="${M}"/>
     <rect x="150" y="120" width="90" height="8" rx="4" fill="${a}"/>`,
  dome: (a) =>
    `<rect x="100" y="90" width="200" height="24" rx="8" fill="${L}" stroke="${M}" stroke-width="4"/>
     <path d="M110 114 Q200 260 290 114 Z" fill="#3b4048" stroke="${M}" stroke-width="4"/>
     <circle cx="200" cy="170" r="34" fill="#111"/><circle cx="200" cy="170" r="14" fill="#3a6ea5"/>
     <rect x="150" y="98" width="100" height="8" rx="4" fill="${a}"/>`,
  ptz: (a) =>
    `<rect x="175" y="40" width="50" height="40" fill="${M}"/><rect x="130" y="80" width="140" height="70" rx="20" fill="${L}" stroke="${M}" stroke-width="4"/>
     <circle cx="200" cy="200" r="70" fill="#3b4048" stroke="${M}" stroke-width="4"/><rect x="140" y="180" width="120" height="44" rx="18" fill="#111"/>
     <circle cx="200" cy="202" r="16" fill="#3a6ea5"/><rect x="150" y="110" width="100" height="8" rx="4" fill="${a}"/>`,
  nvr: (a) =>
    `<rect x="50" y="120" width="300" height="80" rx="8" fill="${D}"/><rect x="50" y="200" width="300" height="10" fill="#16181c"/>
     <circle cx="80" cy="160" r="6" fill="${G}"/><circle cx="100" cy="160" r="6" fill="${G}"/><circle cx="120" cy="160" r="6" fill="${a}"/>
     <rect x="200" y="150" width="120" height="20" rx="4" fill="#3b4048"/><rect x="60" y="130" width="40" height="6" fill="${a}"/>`,
  hdd: (a) =>
    `<rect x="110" y="60" width="180" height="220" rx="12" fill="#b8c0ca" stroke="${M}" stroke-width="4"/>
     <circle cx="200" cy="150" r="60" fill="#d5dbe2" stroke="${M}" stroke-width="3"/><circle cx="200" cy="150" r="10" fill="${M}"/>
     <path d="M250 230 L215 160" stroke="${D}" stroke-width="10" stroke-linecap="round"/><rect x="130" y="245" width="140" height="18" fill="${a}"/>`,
  monitor: (a) =>
    `<rect x="50" y="50" width="300" height="190" rx="10" fill="${D}"/><rect x="64" y="64" width="272" height="162" fill="#3a6ea5"/>
     <rect x="70" y="70" width="128" height="74" fill="#4f83ba"/><rect x="202" y="70" width="128" height="74" fill="#5c90c6"/>
     <rect x="70" y="148" width="128" height="74" fill="#5c90c6"/><rect x="202" y="148" width="128" height="74" fill="#4f83ba"/>
     <rect x="185" y="240" width="30" height="30" fill="${M}"/><rect x="140" y="268" width="120" height="12" rx="4" fill="${a}"/>`,
  license: (a) =>
    `<rect x="110" y="40" width="180" height="240" rx="10" fill="#fff" stroke="${M}" stroke-width="4"/>
     <rect x="130" y="70" width="140" height="12" fill="${a}"/><rect x="130" y="100" width="120" height="8" fill="${L}"/>
     <rect x="130" y="120" width="130" height="8" fill="${L}"/><rect x="130" y="140" width="100" height="8" fill="${L}"/>
     <circle cx="240" cy="230" r="26" fill="${a}"/><path d="M228 230 l8 8 l16 -18" stroke="#fff" stroke-width="6" fill="none"/>`,
  mount: (a) =>
    `<rect x="80" y="60" width="40" height="200" rx="6" fill="${L}" stroke="${M}" stroke-width="4"/>
     <path d="M120 140 L270 140 L300 170 L300 200 L270 200 L270 175 L120 175 Z" fill="${L}" stroke="${M}" stroke-width="4"/>
     <circle cx="100" cy="90" r="8" fill="${M}"/><circle cx="100" cy="230" r="8" fill="${M}"/><rect x="150" y="150" width="90" height="8" fill="${a}"/>`,
  psu: (a) =>
    `<rect x="80" y="70" width="240" height="180" rx="10" fill="#9aa3ad" stroke="${M}" stroke-width="4"/>
     ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${100 + i * 34}" y="90" width="20" height="80" rx="4" fill="#7d8690"/>`).join("")}
     <rect x="100" y="190" width="200" height="36" rx="4" fill="${D}"/><circle cx="290" cy="90" r="6" fill="${G}"/><rect x="110" y="200" width="60" height="14" fill="${a}"/>`,
  connector: (a) =>
    `<rect x="60" y="130" width="120" height="50" rx="10" fill="#c9ced5" stroke="${M}" stroke-width="4"/>
     <rect x="180" y="140" width="70" height="30" fill="#d9b44a" stroke="${M}" stroke-width="3"/>
     <path d="M250 155 C300 155 300 230 350 230" stroke="${D}" stroke-width="14" fill="none"/><rect x="80" y="145" width="60" height="8" fill="${a}"/>`,
  reader: (a) =>
    `<rect x="140" y="40" width="120" height="240" rx="18" fill="${D}"/><rect x="156" y="60" width="88" height="70" rx="6" fill="#3a6ea5"/>
     <path d="M175 170 a25 25 0 0 1 50 0 M185 170 a15 15 0 0 1 30 0" stroke="#fff" stroke-width="5" fill="none"/>
     <circle cx="200" cy="250" r="8" fill="${G}"/><rect x="170" y="210" width="60" height="8" fill="${a}"/>`,
  card: (a) =>
    `<rect x="70" y="90" width="260" height="160" rx="16" fill="#fff" stroke="${M}" stroke-width="4"/>
     <rect x="70" y="120" width="260" height="30" fill="${a}"/><rect x="100" y="180" width="60" height="44" rx="6" fill="#d9b44a"/>
     <rect x="180" y="190" width="120" height="10" fill="${L}"/><rect x="180" y="210" width="90" height="10" fill="${L}"/>`,
  lock: (a) =>
    `<rect x="60" y="110" width="280" height="70" rx="8" fill="#b8c0ca" stroke="${M}" stroke-width="4"/>
     <rect x="60" y="190" width="280" height="40" rx="6" fill="#cfd5dc" stroke="${M}" stroke-width="4"/>
     <circle cx="320" cy="130" r="6" fill="#c0392b"/><rect x="90" y="135" width="100" height="10" fill="${a}"/>`,
  button: (a) =>
    `<rect x="130" y="60" width="140" height="210" rx="12" fill="#d0d5db" stroke="${M}" stroke-width="4"/>
     <circle cx="200" cy="165" r="48" fill="${a}" stroke="${M}" stroke-width="4"/><text x="200" y="175" font-family="Arial,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">EXIT</text>`,
  intercom: (a) =>
    `<rect x="130" y="30" width="140" height="250" rx="16" fill="${D}"/><circle cx="200" cy="75" r="20" fill="#111"/>
     <circle cx="200" cy="75" r="8" fill="#3a6ea5"/><rect x="152" y="115" width="96" height="70" rx="4" fill="#3a6ea5"/>
     ${[0, 1, 2].map((i) => `<rect x="${158 + i * 30}" y="200" width="24" height="16" rx="3" fill="${M}"/>`).join("")}
     <circle cx="200" cy="250" r="12" fill="${a}"/>`,
  barrier: (a) =>
    `<rect x="60" y="120" width="70" height="150" rx="6" fill="#e6b800" stroke="${M}" stroke-width="4"/>
     <rect x="120" y="130" width="250" height="20" fill="#fff" stroke="${M}" stroke-width="3"/>
     ${[0, 1, 2, 3, 4].map((i) => `<rect x="${140 + i * 46}" y="132" width="22" height="16" fill="#c0392b"/>`).join("")}
     <rect x="75" y="160" width="40" height="8" fill="${a}"/>`,
  panel: (a) =>
    `<rect x="90" y="50" width="220" height="230" rx="8" fill="#e3e7ec" stroke="${M}" stroke-width="4"/>
     <rect x="110" y="70" width="180" height="50" rx="4" fill="#3a6ea5"/>
     ${[0, 1, 2, 3].map((i) => `<circle cx="${125 + i * 22}" cy="140" r="6" fill="${i === 0 ? G : "#c0392b"}"/>`).join("")}
     <rect x="110" y="165" width="180" height="90" rx="4" fill="#cfd5dc"/><rect x="120" y="175" width="80" height="10" fill="${a}"/>`,
  keypad: (a) =>
    `<rect x="110" y="40" width="180" height="240" rx="14" fill="#f4f6f8" stroke="${M}" stroke-width="4"/>
     <rect x="130" y="60" width="140" height="44" rx="4" fill="#8fb3d9"/>
     ${Array.from({ length: 12 }, (_, i) => `<rect x="${138 + (i % 3) * 44}" y="${118 + Math.floor(i / 3) * 38}" width="36" height="28" rx="5" fill="${M}"/>`).join("")}
     <rect x="130" y="66" width="60" height="8" fill="${a}"/>`,
  sensor: (a) =>
    `<rect x="140" y="50" width="120" height="200" rx="40" fill="#f4f6f8" stroke="${M}" stroke-width="4"/>
     <path d="M160 110 Q200 80 240 110 L240 150 Q200 175 160 150 Z" fill="#c6ccd4" stroke="${M}" stroke-width="3"/>
     <circle cx="200" cy="200" r="6" fill="#c0392b"/><rect x="170" y="225" width="60" height="8" fill="${a}"/>`,
  siren: (a) =>
    `<path d="M120 260 L280 260 L260 110 Q200 60 140 110 Z" fill="#e3e7ec" stroke="${M}" stroke-width="4"/>
     <path d="M150 120 Q200 80 250 120 L255 170 L145 170 Z" fill="${a}" opacity=".85"/>
     ${[0, 1, 2, 3, 4].map((i) => `<rect x="${150 + i * 22}" y="190" width="12" height="50" rx="4" fill="${M}"/>`).join("")}`,
  motor: (a) =>
    `<rect x="90" y="110" width="220" height="140" rx="18" fill="#b8c0ca" stroke="${M}" stroke-width="4"/>
     <rect x="60" y="240" width="280" height="20" fill="${M}"/><circle cx="270" cy="220" r="18" fill="${D}"/>
     <rect x="110" y="130" width="100" height="12" fill="${a}"/>`,
  remote: (a) =>
    `<rect x="150" y="50" width="100" height="220" rx="40" fill="${D}"/>
     ${[0, 1, 2, 3].map((i) => `<circle cx="${180 + (i % 2) * 40}" cy="${140 + Math.floor(i / 2) * 50}" r="16" fill="${M}"/>`).join("")}
     <circle cx="200" cy="90" r="8" fill="${a}"/>`,
  smoke: (a) =>
    `<ellipse cx="200" cy="120" rx="130" ry="30" fill="#e3e7ec" stroke="${M}" stroke-width="4"/>
     <path d="M70 120 L85 200 Q200 240 315 200 L330 120" fill="#f4f6f8" stroke="${M}" stroke-width="4"/>
     ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${115 + i * 26}" y="160" width="12" height="30" rx="3" fill="#c6ccd4"/>`).join("")}
     <circle cx="200" cy="212" r="7" fill="#c0392b"/><rect x="160" y="136" width="80" height="8" fill="${a}"/>`,
  pull: (a) =>
    `<rect x="120" y="40" width="160" height="240" rx="10" fill="#c0392b" stroke="${M}" stroke-width="4"/>
     <text x="200" y="95" font-family="Arial,sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">FUEGO</text>
     <rect x="160" y="130" width="80" height="90" rx="8" fill="#fff"/><rect x="175" y="160" width="50" height="40" fill="${a}"/>`,
  speaker: (a) =>
    `<circle cx="200" cy="160" r="110" fill="#f4f6f8" stroke="${M}" stroke-width="4"/>
     <circle cx="200" cy="160" r="70" fill="${D}"/><circle cx="200" cy="160" r="24" fill="${M}"/>
     <rect x="150" y="258" width="100" height="8" fill="${a}"/>`,
  ups: (a) =>
    `<rect x="130" y="40" width="140" height="240" rx="10" fill="${D}"/><rect x="150" y="70" width="100" height="40" rx="4" fill="#3a6ea5"/>
     <circle cx="200" cy="150" r="16" fill="${M}" stroke="#fff" stroke-width="3"/><path d="M200 138 v12" stroke="#fff" stroke-width="3"/>
     <rect x="150" y="200" width="100" height="10" fill="${a}"/><circle cx="240" cy="250" r="6" fill="${G}"/>`,
  battery: (a) =>
    `<rect x="90" y="90" width="220" height="170" rx="10" fill="${D}"/><rect x="120" y="70" width="30" height="20" fill="#c0392b"/>
     <rect x="250" y="70" width="30" height="20" fill="${M}"/><rect x="110" y="140" width="180" height="40" fill="${a}"/>
     <text x="135" y="168" font-family="Arial,sans-serif" font-size="24" fill="#fff">+</text><text x="262" y="168" font-family="Arial,sans-serif" font-size="24" fill="#fff">−</text>`,
  solar: (a) =>
    `<path d="M80 240 L130 60 L320 60 L270 240 Z" fill="#1e3c72" stroke="${M}" stroke-width="4"/>
     <path d="M112 120 L305 120 M97 180 L290 180 M193 60 L160 240 M257 60 L220 240" stroke="#8fb3d9" stroke-width="3"/>
     <rect x="190" y="240" width="20" height="40" fill="${M}"/><rect x="140" y="276" width="120" height="6" fill="${a}"/>`,
  pdu: (a) =>
    `<rect x="40" y="130" width="320" height="60" rx="6" fill="${D}"/>
     ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${90 + i * 42}" y="145" width="28" height="30" rx="4" fill="${M}"/>`).join("")}
     <circle cx="62" cy="160" r="10" fill="${a}"/>`,
  radio: (a) =>
    `<rect x="235" y="30" width="18" height="80" rx="8" fill="${D}"/><rect x="140" y="90" width="120" height="200" rx="18" fill="${D}"/>
     <rect x="158" y="110" width="84" height="50" rx="4" fill="#8fb3d9"/>
     ${[0, 1, 2, 3, 4].map((i) => `<rect x="160" y="${180 + i * 16}" width="80" height="6" rx="3" fill="${M}"/>`).join("")}
     <rect x="190" y="70" width="24" height="22" rx="4" fill="${a}"/>`,
  antenna: (a) =>
    `<path d="M200 40 L200 270" stroke="${M}" stroke-width="10"/>
     ${[0, 1, 2, 3, 4].map((i) => `<path d="M${150 + i * 5} ${70 + i * 35} L${250 - i * 5} ${70 + i * 35}" stroke="${D}" stroke-width="8"/>`).join("")}
     <rect x="170" y="262" width="60" height="16" fill="${a}"/>`,
  tower: (a) =>
    `<path d="M160 280 L200 40 L240 280 Z" fill="none" stroke="${M}" stroke-width="6"/>
     <path d="M170 220 L230 220 M178 170 L222 170 M186 120 L214 120 M170 220 L222 170 L186 120" stroke="${M}" stroke-width="4" fill="none"/>
     <circle cx="200" cy="40" r="10" fill="${a}"/>`,
  switch: (a) =>
    `<rect x="30" y="130" width="340" height="70" rx="6" fill="${D}"/>
     ${Array.from({ length: 16 }, (_, i) => `<rect x="${60 + (i % 8) * 30}" y="${140 + Math.floor(i / 8) * 26}" width="22" height="18" rx="2" fill="#111" stroke="${M}"/>`).join("")}
     <rect x="310" y="145" width="40" height="16" fill="${M}"/><circle cx="45" cy="150" r="5" fill="${G}"/><rect x="300" y="180" width="60" height="8" fill="${a}"/>`,
  router: (a) =>
    `<path d="M120 140 L100 40 M280 140 L300 40 M200 140 L200 50" stroke="${D}" stroke-width="10" stroke-linecap="round"/>
     <rect x="60" y="140" width="280" height="80" rx="14" fill="#f4f6f8" stroke="${M}" stroke-width="4"/>
     ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${110 + i * 30}" cy="180" r="6" fill="${G}"/>`).join("")}<rect x="260" y="172" width="50" height="14" fill="${a}"/>`,
  ap: (a) =>
    `<circle cx="200" cy="160" r="120" fill="#f4f6f8" stroke="${M}" stroke-width="4"/><circle cx="200" cy="160" r="90" fill="none" stroke="#dfe3e8" stroke-width="3"/>
     <circle cx="200" cy="160" r="14" fill="${a}"/>`,
  sfp: (a) =>
    `<rect x="70" y="130" width="200" height="60" rx="4" fill="#c9ced5" stroke="${M}" stroke-width="4"/>
     <rect x="270" y="120" width="60" height="80" rx="6" fill="${a}"/><rect x="285" y="140" width="12" height="40" fill="#111"/>
     <rect x="303" y="140" width="12" height="40" fill="#111"/>`,
  phone: (a) =>
    `<rect x="70" y="100" width="260" height="160" rx="16" fill="${D}"/><rect x="40" y="90" width="60" height="180" rx="24" fill="#3b4048"/>
     <rect x="130" y="115" width="170" height="60" rx="4" fill="#8fb3d9"/>
     ${Array.from({ length: 12 }, (_, i) => `<rect x="${140 + (i % 4) * 40}" y="${190 + Math.floor(i / 4) * 22}" width="30" height="14" rx="3" fill="${M}"/>`).join("")}
     <rect x="140" y="122" width="60" height="8" fill="${a}"/>`,
  tracker: (a) =>
    `<rect x="110" y="90" width="180" height="130" rx="14" fill="${D}"/><circle cx="150" cy="125" r="6" fill="${G}"/>
     <circle cx="172" cy="125" r="6" fill="#e6b800"/><path d="M220 150 a20 20 0 1 1 40 0 c0 20 -20 40 -20 40 c0 0 -20 -20 -20 -40z" fill="${a}"/>
     <path d="M140 220 C140 260 200 250 210 290" stroke="${M}" stroke-width="8" fill="none"/>`,
  reel: (a) =>
    `<circle cx="200" cy="160" r="120" fill="${a}" stroke="${M}" stroke-width="4"/><circle cx="200" cy="160" r="90" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/>
     <circle cx="200" cy="160" r="60" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/><circle cx="200" cy="160" r="26" fill="#f4f6f8" stroke="${M}" stroke-width="4"/>`,
  patchcord: (a) =>
    `<path d="M90 100 C160 30 250 290 310 220" stroke="${a}" stroke-width="14" fill="none"/>
     <rect x="60" y="80" width="50" height="40" rx="6" fill="#c9ced5" stroke="${M}" stroke-width="3"/>
     <rect x="290" y="200" width="50" height="40" rx="6" fill="#c9ced5" stroke="${M}" stroke-width="3"/>`,
  patchpanel: (a) =>
    `<rect x="30" y="130" width="340" height="60" rx="4" fill="${D}"/>
     ${Array.from({ length: 12 }, (_, i) => `<rect x="${56 + i * 25}" y="146" width="18" height="18" fill="#111" stroke="${M}"/>`).join("")}
     <rect x="56" y="172" width="290" height="8" fill="${a}"/>`,
  jack: (a) =>
    `<rect x="140" y="80" width="120" height="160" rx="10" fill="${a}" stroke="${M}" stroke-width="4"/>
     <rect x="165" y="120" width="70" height="50" rx="4" fill="#111"/>
     ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${170 + i * 8}" y="124" width="4" height="16" fill="#d9b44a"/>`).join("")}`,
  rack: (a) =>
    `<rect x="110" y="30" width="180" height="260" rx="6" fill="${D}"/>
     ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="125" y="${50 + i * 38}" width="150" height="28" rx="2" fill="#3b4048"/>`).join("")}
     ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="140" cy="${64 + i * 38}" r="4" fill="${G}"/>`).join("")}<rect x="250" y="40" width="30" height="6" fill="${a}"/>`,
  duct: (a) =>
    `<path d="M60 200 L260 100 L340 140 L140 240 Z" fill="#f4f6f8" stroke="${M}" stroke-width="4"/>
     <path d="M60 200 L60 230 L140 270 L140 240 M140 270 L340 170 L340 140" fill="none" stroke="${M}" stroke-width="4"/>
     <path d="M100 200 L280 110" stroke="${a}" stroke-width="6"/>`,
  tool: (a) =>
    `<path d="M120 60 L200 160 L280 60" stroke="${M}" stroke-width="22" fill="none" stroke-linecap="round"/>
     <path d="M200 160 L140 280 M200 160 L260 280" stroke="${a}" stroke-width="26" stroke-linecap="round"/>
     <circle cx="200" cy="160" r="16" fill="${D}"/>`,
};

const BACKGROUNDS = ["#ffffff", "#f3f6f9", "#eef3f8", "#f6f4ef"];

/** Picture n (1-based) of a product. Later views use another background and a label. */
export function productSvg(input: {
  icon: Icon;
  brand: string;
  model: string;
  color: string;
  view: number;
}): string {
  const bg = BACKGROUNDS[(input.view - 1) % BACKGROUNDS.length];
  const shape = DRAW[input.icon](input.color);
  const viewLabel =
    input.view > 1
      ? `<text x="380" y="30" font-family="Arial,sans-serif" font-size="16" fill="${M}" text-anchor="end">Vista ${input.view}</text>`
      : "";
  // Even views are a closer shot (no mirroring: drawings carry text).
  const flip =
    input.view % 2 === 0 ? ` transform="translate(200 160) scale(1.12) translate(-200 -160)"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(`${input.brand} ${input.model}`)}">
<rect width="400" height="400" fill="${bg}"/>${viewLabel}
<g${flip}>${shape}</g>
<rect x="0" y="318" width="400" height="82" fill="#ffffff" opacity=".9"/>
<text x="200" y="350" font-family="Arial,sans-serif" font-size="24" font-weight="700" fill="${input.color === "#ffffff" ? D : input.color}" text-anchor="middle">${escapeXml(input.brand)}</text>
<text x="200" y="380" font-family="Arial,sans-serif" font-size="18" fill="${D}" text-anchor="middle">${escapeXml(input.model)}</text>
</svg>`;
}

/** Readable text colour on a brand colour. */
function textOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? "#111111" : "#ffffff";
}

/** A wordmark in a brand-coloured shape. */
export function logoSvg(input: { name: string; color: string }): string {
  const size = input.name.length > 14 ? 22 : input.name.length > 9 ? 28 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${escapeXml(input.name)}">
<rect x="2" y="2" width="236" height="76" rx="14" fill="${input.color}"/>
<text x="120" y="${40 + size / 3}" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="${textOn(input.color)}" text-anchor="middle">${escapeXml(input.name)}</text>
</svg>`;
}
