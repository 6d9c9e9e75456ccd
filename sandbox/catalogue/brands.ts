/**
 * Brands of the trade. The groups a brand sells in follow from the tree
 * (catalog-tree.ts lists the brands of each sub-category). SKU templates:
 * '#' a digit, '@' a capital letter, '%' a digit or capital; anything else is
 * literal. An optional family tag ('cam:', 'ana:', 'rec:', 'sto:', 'acc:',
 * 'net:', 'pwr:', 'int:', 'fire:') keeps a camera from getting a recorder's model code.
 */
export interface BrandDef {
  name: string;
  slug: string;
  /** Logo colour. */
  color: string;
  sku: readonly string[];
}

const b = (name: string, color: string, ...sku: string[]): BrandDef => ({
  name,
  slug: slugify(name),
  color,
  sku,
});

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const BRANDS: readonly BrandDef[] = [
  b(
    "Hikvision",
    "#c8102e",
    "cam:DS-2CD####G2-I",
    "ana:DS-2CE##D0T-@@@",
    "rec:DS-76##NXI-K#",
    "cam:DS-2DE#A###IW-DE",
    "acc:DS-K1T###M@",
    "acc:DS-KV####-@@",
    "net:DS-3E####P-E",
    "sto:HS-@@@-@###",
    "DS-@@###",
  ),
  b(
    "Dahua",
    "#1d4f91",
    "cam:IPC-HFW####S-S",
    "cam:IPC-HDW####T-ZS",
    "ana:HAC-HFW####@-@",
    "rec:NVR####-#KS2",
    "rec:XVR####HS-I",
    "cam:SD##A###XB-HNR",
    "acc:ASI####@",
    "acc:VTO####@",
    "net:PFS####-##ET",
    "DH-@@###",
  ),
  b("Axis", "#ffcc33", "cam:P####-LE", "cam:M####-V", "cam:Q####-E", "rec:S####", "P####-@"),
  b(
    "Hanwha Vision",
    "#f37321",
    "cam:XNO-####R",
    "cam:QND-####R",
    "rec:XRN-####B2",
    "cam:PNM-####RV",
    "WAVE-@@-##",
  ),
  b(
    "Uniview",
    "#0066b3",
    "cam:IPC####SB-ADF##KM-I0",
    "rec:NVR###-##E2",
    "cam:IPC####LE-ADF##K",
    "UV-@@###",
  ),
  b(
    "Ubiquiti",
    "#006fff",
    "net:USW-##-POE",
    "net:U6-@@",
    "net:UAP-AC-@@",
    "net:LBE-#AC-GEN2",
    "cam:UVC-G#-@@@@",
    "rec:UNVR-@@@",
    "pwr:POE-##-##W",
  ),
  b("MikroTik", "#293239", "CRS###-##G-#S+RM", "RB####UIAS-RM", "RBD##G-#HACD", "CCR####-##G"),
  b(
    "TP-Link",
    "#4acbd6",
    "net:TL-SG####P",
    "net:EAP###",
    "net:TL-WR###N",
    "net:ER####G",
    "net:TL-SF####P",
    "cam:TAPO-C###",
    "TL-@@###",
  ),
  b("Cisco", "#049fd9", "CBS###-##P-#G", "C####L-##P-4G-L", "SG###-##P", "CP-####-K9"),
  b("Cambium Networks", "#00a3e0", "C0##9##@###@", "EPMP-####-@@", "XV#-##"),
  b("Ruckus", "#e87722", "9##-R###-WW##", "ICX####-##P", "9##-T###-WW##"),
  b("Motorola Solutions", "#005eb8", "DEP###", "DGP####E", "DEM###", "PMNN####@", "APX-###"),
  b("Kenwood", "#222222", "NX-####@", "TK-####@", "KMC-##", "KNB-##L"),
  b("Hytera", "#e60012", "BD###", "HP###", "MD###", "PD###", "RD###"),
  b("ICOM", "#0b3d91", "IC-F####D", "IC-A##", "BP-###", "IC-F####S"),
  b("ZKTeco", "#00a651", "SF###-@", "INBIO###", "MB###-ID", "KR###@", "ML###"),
  b("Suprema", "#0a3a7e", "BS#-OMPW", "BEW#-ODP", "FSF#-ODB", "XP#-MDPB"),
  b("HID", "#002f87", "9#0@T@N@K#####", "1###@GG##", "OK-####"),
  b("Honeywell", "#e4002b", "int:VISTA-##", "int:IS####", "fire:SK-####", "#####-@@"),
  b(
    "Bosch",
    "#ea0016",
    "int:B####",
    "fire:FCP-###-@#",
    "cam:NDI-####-@@",
    "int:ISC-BPR#-W##",
    "LBC-####-##",
  ),
  b("Notifier", "#b5121b", "NFS#-###", "FSP-###", "NBG-##L", "FMM-###"),
  b("System Sensor", "#d22630", "#WTA-B", "P#RL", "SPSR-@", "2W-B", "DNR-@"),
  b("Edwards", "#003c71", "EST#-@@", "SIGA-@@@", "EG#-@", "#-##-@"),
  b("Paradox", "#1e3f8f", "SP####", "K##", "PMD##", "MG####"),
  b("DSC", "#00458b", "PC####", "HS####@", "PG####", "WS####"),
  b("Ajax", "#1a1a1a", "AJ-@@@@@-@@", "HUB#-@@", "AJ-##@@"),
  b("Epcom", "#f7941d", "EPC-####@", "ana:TT-#@-@@", "pwr:PL-####", "E-####-@@", "net:EP-###@"),
  b("Panduit", "#000000", "PUP#C##@U-@@", "CP##BL@Y", "NK#@P##@U"),
  b("Furukawa", "#00539f", "350#####", "35######", "FK-###-@"),
  b("CommScope", "#f58025", "#-#######-#", "CS-###-@@", "#######-#"),
  b("Belden", "#0067b1", "####@-###", "B####@-###", "AX######"),
  b("Siemon", "#003087", "Z6-@@##", "MC6-##-##", "HD6-##"),
  b("Legrand", "#e50046", "LCC###@@", "ORT-####", "LM-###@"),
  b("APC", "#00a4e4", "SMT####RM#U", "BR####MS", "SRT#K@XLI", "AP####@"),
  b("Schneider Electric", "#3dcd58", "SRV#KI", "EZ#####", "SPD-###@"),
  b("CyberPower", "#0072bc", "OL####RT#U@", "PR####@LCD", "CPS-###@"),
  b("Forza", "#e31e24", "NT-###", "FVR-####", "SL-###U", "FDC-###@"),
  b("Tripp Lite", "#0033a0", "SMART####LCD", "SU#KRT#U", "PDU###-@@"),
  b("Victron Energy", "#004a9f", "PMP######", "SCC###########", "PIN####-####"),
  b("Teltonika", "#0054a6", "FMB###", "RUT###", "FMC###", "TRB###"),
  b("Queclink", "#00995c", "GV###@@", "GL###@@", "GB###"),
  b("Concox", "#d71920", "GT##", "AT#", "JM-VL##", "JC###"),
  b("Ruptela", "#00b2a9", "FM-ECO#-@", "TRACE#-@", "FM-PRO#"),
  b("Meitrack", "#005baa", "T###@", "MVT###", "P##@"),
  b("Yale", "#ffd100", "YDM####@", "YRD###-@@", "YMF-##"),
  b("Assa Abloy", "#1a5aa6", "ML####", "EL-###", "DC####"),
  b("Nice", "#0082c8", "ROBUS####", "RUN####@", "WINGO####", "ERA-@@#"),
  b("CAME", "#005da9", "BX-###", "BK-####", "ZA#", "TOP-###@"),
  b("BFT", "#009640", "DEIMOS-###", "ARES-####", "MITTO-#"),
  b("Genetec", "#231f20", "SC-OM-@-#@", "GSC-@@-###", "SV-###@"),
  b("Milestone", "#00375b", "XP@@@-#", "XPCO-@@@", "MS-###@"),
  b(
    "Provision-ISR",
    "#00529b",
    "cam:I#-###IP5S##",
    "rec:NVR#-####PX",
    "cam:DI-###IPE",
    "ana:I#-###AHD##",
    "PR-@@###",
  ),
  b("Grandstream", "#e21e26", "GXP####", "GRP####P", "UCM####", "HT###"),
  b("Yealink", "#0067b8", "SIP-T##W", "T##U", "A##-###", "W##P"),
  b("Fanvil", "#0069b4", "X#@", "X##G", "V##", "PA#"),
  b("Linear", "#00205b", "LDCO-###", "HAE#####", "MEGA-CODE-##"),
  b("Optex", "#004c97", "VX-###", "BX-##R", "SIP-####", "AX-###TF"),
  b("Risco", "#e30613", "RP###@@@###@", "RK###@@", "RW###@"),
  b("Hochiki", "#c8102e", "ALN-@@", "DCD-###", "SOC-@##"),
  b("Fire-Lite", "#d0021b", "MS-####UD", "BG-##", "SD###-@", "ANN-@@"),
  b("Seagate", "#6ebe49", "ST####VX###", "ST##000VE###"),
  b("Western Digital", "#005195", "WD##PURZ", "WD###PURP", "WD##EJRX"),
];

export const BRAND_BY_NAME: ReadonlyMap<string, BrandDef> = new Map(BRANDS.map((x) => [x.name, x]));
