/**
 * The product search's ranking in memory (docs/decisions/0381). The FTS5 table stays the
 * definition of a match and of its order: when the database is built, its own tokens are read
 * back (fts5vocab) into postings, and a query is answered from them with FTS5's arithmetic
 * (every word a prefix, bm25 with the same weights, ties by rowid, the title tiers of
 * docs/decisions/0222). A query this cannot answer exactly, it declines (null), and the
 * caller asks FTS5.
 */
import type { DatabaseSync } from "node:sqlite";

/** bm25 weights of the FTS columns: title, model, sku, brand, description (docs/decisions/0101). */
export const BM25_WEIGHTS = [10, 6, 6, 3, 1] as const;
const COLUMNS = ["title", "model", "sku", "brand", "description"] as const;
/** FTS5's bm25 constants. */
const K1 = 1.2;
const B = 0.75;
/**
 * Two different matches scoring closer than this (relative) are left to FTS5 to order: a
 * SQLite built with fused multiply-adds may round their last bits otherwise.
 */
const NEAR_TIE = 1e-12;

export const SEARCH_INDEX_SCHEMA =
  "CREATE TABLE search_index (name TEXT PRIMARY KEY, data BLOB NOT NULL);";

/**
 * Query words the index answers: letters a–z, digits, and the accented Latin letters whose
 * folding (lower case, accent removed) FTS5's unicode61 tokenizer is known to share. Anything
 * else goes to FTS5.
 */
const PLAIN_WORD = /^[a-z0-9àáâãäåçèéêëìíîïñòóôõöùúûüýÿ]+$/;

function fold(word: string): string {
  return word.normalize("NFD").replace(/\p{M}+/gu, "");
}

/** SQLite varints one after another, as FTS5 stores its document sizes and table totals. */
function readVarints(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let value = 0;
    for (let n = 0; n < 9 && i < bytes.length; n++) {
      const byte = bytes[i++];
      if (n === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    out.push(value);
  }
  return out;
}

const bytesOf = (array: ArrayBufferView) =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/**
 * Reads the FTS5 index of `products_fts` back into postings and stores them in
 * `search_index`. Runs once, when the database is built (a second or two for 22,500 products).
 */
export function writeSearchIndex(db: DatabaseSync): void {
  db.exec("CREATE VIRTUAL TABLE temp.search_vocab USING fts5vocab(main, products_fts, instance)");
  try {
    const docIds = (
      db.prepare("SELECT id FROM products_fts_docsize ORDER BY id").all() as Array<{ id: number }>
    ).map((r) => r.id);
    const docOf = new Map(docIds.map((id, index) => [id, index]));
    const docTokens = new Uint32Array(docIds.length);
    for (const row of db.prepare("SELECT id, sz FROM products_fts_docsize").iterate() as Iterable<{
      id: number;
      sz: Uint8Array;
    }>) {
      docTokens[docOf.get(row.id)!] = readVarints(row.sz).reduce((a, b) => a + b, 0);
    }

    const weightOf = new Map<string, number>(COLUMNS.map((c, i) => [c, BM25_WEIGHTS[i]]));
    const terms: string[] = [];
    const termStart: number[] = [];
    const postDoc: number[] = [];
    const postFreq: number[] = [];
    const postTitle: number[] = [];
    const docLead = new Int32Array(docIds.length).fill(-1);
    const counted = new Uint32Array(docIds.length);
    const instances = db.prepare("SELECT term, doc, col, offset FROM temp.search_vocab");
    instances.setReturnArrays(true);
    // Arrays, as set just above (the typings only know rows as objects).
    for (const row of instances.iterate() as unknown as Iterable<
      [string, number, string, number]
    >) {
      const [term, rowid, col, offset] = row;
      const doc = docOf.get(rowid);
      const weight = weightOf.get(col);
      if (doc === undefined || weight === undefined) {
        throw new Error(`search index: unexpected instance ${term} ${rowid} ${col}`);
      }
      if (term !== terms.at(-1)) {
        terms.push(term);
        termStart.push(postDoc.length);
      }
      // One posting per term and document (the vocabulary lists a term's documents in order).
      const last = postDoc.length - 1;
      if (last < termStart.at(-1)! || postDoc[last] !== doc) {
        postDoc.push(doc);
        postFreq.push(0);
        postTitle.push(0);
      }
      postFreq[postFreq.length - 1] += weight;
      if (col === "title") {
        postTitle[postTitle.length - 1] = 1;
        if (offset === 0) docLead[doc] = terms.length - 1;
      }
      counted[doc]++;
    }
    termStart.push(postDoc.length);
    // bm25's table totals, from FTS5's own record of them (row count, then tokens per column).
    const averages = db.prepare("SELECT block FROM products_fts_data WHERE id = 1").get() as
      { block: Uint8Array } | undefined;
    const [rows = 0, ...columnTokens] = readVarints(averages?.block ?? new Uint8Array());
    const tokens = columnTokens.reduce((a, b) => a + b, 0);
    // The postings must be FTS5's tokens exactly: refuse to build an index that is not.
    if (
      rows !== docIds.length ||
      tokens !== counted.reduce((a, b) => a + b, 0) ||
      counted.some((n, doc) => n !== docTokens[doc])
    ) {
      throw new Error("search index: token counts differ from the FTS5 index");
    }

    // Terms in JavaScript's string order, so a prefix is one binary-searchable block.
    const order = terms
      .map((_, i) => i)
      .sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : a - b));
    const rank = new Int32Array(terms.length);
    order.forEach((old, i) => (rank[old] = i));
    const starts = new Uint32Array(terms.length + 1);
    const docs = new Uint32Array(postDoc.length);
    const freqs = new Uint32Array(postDoc.length);
    const titles = new Uint8Array(postDoc.length);
    let at = 0;
    order.forEach((old, i) => {
      starts[i] = at;
      for (let p = termStart[old]; p < termStart[old + 1]; p++, at++) {
        docs[at] = postDoc[p];
        freqs[at] = postFreq[p];
        titles[at] = postTitle[p];
      }
    });
    starts[terms.length] = at;
    const leads = docLead.map((t) => (t < 0 ? -1 : rank[t]));

    const put = db.prepare("INSERT INTO search_index (name, data) VALUES (?, ?)");
    const meta = { weights: BM25_WEIGHTS, rows, tokens };
    put.run("meta", new TextEncoder().encode(JSON.stringify(meta)));
    put.run("terms", new TextEncoder().encode(order.map((i) => terms[i]).join("\n")));
    put.run("term_start", bytesOf(starts));
    put.run("post_doc", bytesOf(docs));
    put.run("post_freq", bytesOf(freqs));
    put.run("post_title", titles);
    put.run("doc_id", bytesOf(Uint32Array.from(docIds)));
    put.run("doc_tokens", bytesOf(docTokens));
    put.run("doc_lead", bytesOf(leads));
  } finally {
    db.exec("DROP TABLE temp.search_vocab");
  }
}

/** What a query matched: product ids in bm25 order, and each one's title tier (0, 2 or 4). */
export interface SearchMatch {
  ids: ArrayLike<number>;
  titleTier: ArrayLike<number>;
}

/** Typed arrays need aligned memory; a blob may come at any offset. */
function view<T>(blob: Uint8Array, make: (buffer: ArrayBuffer) => T): T {
  const own = blob.byteOffset === 0 && blob.byteLength === blob.buffer.byteLength;
  return make((own ? blob : blob.slice()).buffer as ArrayBuffer);
}

export class SearchIndex {
  readonly #terms: string[];
  readonly #termStart: Uint32Array;
  readonly #postDoc: Uint32Array;
  readonly #postFreq: Uint32Array;
  readonly #postTitle: Uint8Array;
  readonly #docId: Uint32Array;
  readonly #docTokens: Uint32Array;
  readonly #docLead: Int32Array;
  readonly #avgdl: number;
  readonly #rows: number;
  /** IDF's logarithm from SQLite's own libm call, the one FTS5's bm25 makes. */
  readonly #ln: (x: number) => number;

  private constructor(blobs: Map<string, Uint8Array>, ln: (x: number) => number) {
    const meta = JSON.parse(new TextDecoder().decode(blobs.get("meta"))) as {
      rows: number;
      tokens: number;
    };
    this.#rows = meta.rows;
    this.#avgdl = meta.tokens / meta.rows;
    this.#terms = new TextDecoder().decode(blobs.get("terms")).split("\n");
    this.#termStart = view(blobs.get("term_start")!, (b) => new Uint32Array(b));
    this.#postDoc = view(blobs.get("post_doc")!, (b) => new Uint32Array(b));
    this.#postFreq = view(blobs.get("post_freq")!, (b) => new Uint32Array(b));
    this.#postTitle = view(blobs.get("post_title")!, (b) => new Uint8Array(b));
    this.#docId = view(blobs.get("doc_id")!, (b) => new Uint32Array(b));
    this.#docTokens = view(blobs.get("doc_tokens")!, (b) => new Uint32Array(b));
    this.#docLead = view(blobs.get("doc_lead")!, (b) => new Int32Array(b));
    this.#ln = ln;
  }

  /**
   * The index stored in `db`, or null when there is none, it was built with other weights,
   * or this SQLite has no ln() (then FTS5 answers every query).
   */
  static load(db: DatabaseSync): SearchIndex | null {
    const hasTable = db
      .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'search_index'")
      .get();
    if (!hasTable) return null;
    const blobs = new Map(
      (
        db.prepare("SELECT name, data FROM search_index").all() as Array<{
          name: string;
          data: Uint8Array;
        }>
      ).map((r) => [r.name, r.data]),
    );
    const meta = blobs.get("meta");
    if (!meta) return null;
    const { weights } = JSON.parse(new TextDecoder().decode(meta)) as { weights: number[] };
    if (weights.join() !== BM25_WEIGHTS.join()) return null;
    let ln: (x: number) => number;
    try {
      const stmt = db.prepare("SELECT ln(?) AS v");
      ln = (x) => (stmt.get(x) as { v: number }).v;
    } catch {
      return null;
    }
    return new SearchIndex(blobs, ln);
  }

  /** The block of terms that start with `prefix`: [from, to). */
  #prefixRange(prefix: string): [number, number] {
    const terms = this.#terms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const from = lo;
    hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid].startsWith(prefix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /**
   * Every product with each word as a prefix of one of its tokens, best bm25 first (ties by
   * id), with its title tier; null when FTS5 must answer (a word outside the plain letters,
   * or two different matches scoring a hair apart).
   */
  match(words: readonly string[]): SearchMatch | null {
    if (words.length === 0 || !words.every((w) => PLAIN_WORD.test(w))) return null;
    const rows = this.#rows;
    const phrases = words.map((word) => {
      const [from, to] = this.#prefixRange(fold(word));
      const freq = new Uint32Array(rows);
      const inTitle = new Uint8Array(rows);
      const found: number[] = [];
      for (let p = this.#termStart[from]; p < this.#termStart[to]; p++) {
        const doc = this.#postDoc[p];
        if (freq[doc] === 0) found.push(doc);
        freq[doc] += this.#postFreq[p];
        inTitle[doc] |= this.#postTitle[p];
      }
      const hits = found.length;
      // FTS5's IDF, floored just above zero as FTS5 does.
      let idf = this.#ln((rows - hits + 0.5) / (hits + 0.5));
      if (idf <= 0) idf = 1e-6;
      return { from, to, freq, inTitle, idf, found };
    });

    // The products of the rarest word that have every other word too.
    const rarest = phrases.reduce((a, p) => (p.found.length < a.found.length ? p : a));
    const matched = rarest.found.filter((doc) => phrases.every((p) => p.freq[doc] > 0));
    // bm25() as FTS5 computes it, operation for operation, so the doubles are the same.
    const bm25 = new Float64Array(rows);
    for (const doc of matched) {
      const d = this.#docTokens[doc];
      let score = 0.0;
      for (const p of phrases) {
        const f = p.freq[doc];
        score += p.idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * d) / this.#avgdl)));
      }
      bm25[doc] = -1.0 * score;
    }
    matched.sort((a, b) => bm25[a] - bm25[b] || a - b);

    for (let i = 1; i < matched.length; i++) {
      const a = matched[i - 1];
      const b = matched[i];
      if (Math.abs(bm25[a] - bm25[b]) > NEAR_TIE * Math.abs(bm25[a])) continue;
      const same =
        this.#docTokens[a] === this.#docTokens[b] && phrases.every((p) => p.freq[a] === p.freq[b]);
      if (!same) return null;
    }

    const [leadFrom, leadTo] = [phrases[0].from, phrases[0].to];
    const ids = new Uint32Array(matched.length);
    const titleTier = new Uint8Array(matched.length);
    matched.forEach((doc, i) => {
      ids[i] = this.#docId[doc];
      const lead = this.#docLead[doc];
      titleTier[i] =
        lead >= leadFrom && lead < leadTo ? 0 : phrases.every((p) => p.inTitle[doc]) ? 2 : 4;
    });
    return { ids, titleTier };
  }
}
