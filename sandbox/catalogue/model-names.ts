/** Model names of the generated products: a brand's template for the kind's family, filled in. */
import type { Rng } from "./rng.ts";

/** The family of each product kind, as the brands' model templates are tagged (`cam:…`). */
const FAMILY: Readonly<Record<string, string>> = {
  cam_ip: "cam",
  cam_dome: "cam",
  cam_ptz: "cam",
  cam_analog: "ana",
  cam_wifi: "cam",
  cam_thermal: "cam",
  dashcam: "cam",
  cam_conf: "cam",
  recorder: "rec",
  hdd: "sto",
  sd: "sto",
  monitor: "mon",
  signage: "mon",
  reader: "acc",
  biometric: "acc",
  acc_panel: "acc",
  lock: "acc",
  intercom: "acc",
  barrier: "acc",
  card: "acc",
  switch: "net",
  router: "net",
  ap: "net",
  ptp: "net",
  sfp: "net",
  media: "net",
  phone: "net",
  psu: "pwr",
  ups: "pwr",
  battery: "pwr",
  regulator: "pwr",
  pdu: "pwr",
  alarm_panel: "int",
  keypad: "int",
  sensor: "int",
  siren: "int",
  hub: "int",
  fire_panel: "fire",
  smoke: "fire",
  pull: "fire",
  horn: "fire",
};

/** A model template of the brand for this kind's family, else an untagged one. */
export function pickSkuTemplate(rng: Rng, templates: readonly string[], kind: string): string {
  const family = FAMILY[kind];
  const tagged = templates.filter((t) => family !== undefined && t.startsWith(`${family}:`));
  const plain = templates.filter((t) => !/^[a-z]+:/.test(t));
  const pool = tagged.length > 0 ? tagged : plain.length > 0 ? plain : templates;
  return rng.pick(pool).replace(/^[a-z]+:/, "");
}

/** A model name from its template: # a digit, @ a capital letter, % either. */
export function fillTemplate(rng: Rng, template: string): string {
  let out = "";
  for (const ch of template) {
    if (ch === "#") out += String(rng.int(0, 9));
    else if (ch === "@") out += String.fromCharCode(65 + rng.int(0, 25));
    else if (ch === "%")
      out += rng.chance(0.5) ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25));
    else out += ch;
  }
  return out;
}
