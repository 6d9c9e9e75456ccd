/**
 * A stored document for one shopper (docs/decisions/0470): the page every visitor gets, with the
 * slots that belong to the shopper (the header's cart count, the notice, the data the browser
 * hydrates them with) filled in, private. In gzip, stitched from the page's pieces deflated once
 * and the shopper's deflated apart (gzip-splice.server.ts); plain otherwise.
 */
import {
  type DeflatedPiece,
  deflatePiece,
  deflateSmallPiece,
  gzipOf,
  ownBytes,
} from "./gzip-splice.server.ts";
import { PRIVATE_REVALIDATE } from "./http-cache.server.ts";
import {
  type CachedAnswer,
  type CacheState,
  type Cut,
  type DeflatedCut,
  finish,
  headersOf,
  holds,
  identityOf,
  keptAnswer,
  type PageRequest,
  type PersonalSlots,
  type StoredPage,
  tagOf,
} from "./page-answer.server.ts";
import { preferredEncoding } from "./precompressed.server.ts";

/**
 * The shoppers' answers kept with a page, about 1.2 KB each with the server's header list: a
 * shopper asking again within the page's 30 s is the case, so a few (docs/decisions/0640).
 */
const SHOPPER_ANSWERS = 4;

/** A shopper's slots as bytes, deflated, and their validator: kept with the slots. */
interface FilledSlots {
  bytes: Buffer[];
  pieces: DeflatedPiece[];
  tag: string;
}

/** The document split around each anonymous slot, found once each, in order; else null. */
export function cutAt(identity: Buffer, slots: readonly string[]): Buffer[] | null {
  const segments: Buffer[] = [];
  let from = 0;
  for (const slot of slots) {
    const at = identity.indexOf(slot);
    if (at < from || identity.indexOf(slot, at + 1) >= 0) return null;
    segments.push(identity.subarray(from, at));
    from = at + Buffer.byteLength(slot);
  }
  segments.push(identity.subarray(from));
  return segments;
}

/** A stored page's plain bytes for one answer, and its segments around the slots. */
interface Plain {
  identity(): Buffer;
  /** Null when the page does not hold each slot once. */
  segments(): Buffer[] | null;
}

/** Read out of the page's brotli copy once for the answer, only if it needs them. */
function plainOf(page: StoredPage, slots: PersonalSlots): Plain {
  let identity: Buffer | undefined;
  let segments: Buffer[] | null | undefined;
  const plain: Plain = {
    identity: () => (identity ??= identityOf(page)),
    segments: () =>
      segments === undefined ? (segments = cutAt(plain.identity(), slots.anonymous)) : segments,
  };
  return plain;
}

/**
 * Makes the answers of stored documents for shoppers; keeps each cart's filled slots. An answer
 * kept for its slots is joined into one buffer while the joined ones hold at most `joinedBytes`:
 * each buffer is a write of the server's own, and a shopper's page in one took about a twentieth
 * less of the server's CPU than in its five (docs/decisions/0675).
 */
export function createPersonalAnswers(joinedBytes: number) {
  const filled = new WeakMap<readonly string[], FilledSlots>();
  // The joined bytes not yet freed: each buffer counts until the collector frees it.
  let joined = 0;
  const freed = new FinalizationRegistry<number>((size) => {
    joined -= size;
  });

  /** The buffers in one, if they fit what is left of `joinedBytes`; else as they are. */
  function joinedIfRoom(buffers: Buffer[]): Buffer[] {
    const size = buffers.reduce((total, bytes) => total + bytes.length, 0);
    if (joined + size > joinedBytes) return buffers;
    const one = ownBytes(Buffer.concat(buffers, size));
    joined += size;
    freed.register(one, size);
    return [one];
  }

  function filledSlots(slots: readonly string[]): FilledSlots {
    let known = filled.get(slots);
    if (!known) {
      const bytes = slots.map((slot) => ownBytes(Buffer.from(slot)));
      known = { bytes, pieces: bytes.map(deflateSmallPiece), tag: tagOf(slots.join("\u0000")) };
      filled.set(slots, known);
    }
    return known;
  }

  function cutOf(page: StoredPage, plain: Plain): Cut | null {
    if (page.cut === undefined) page.cut = plain.segments() && {};
    return page.cut;
  }

  /**
   * The stored document with these slots filled in, private: gzip when the client takes it
   * (stitched, docs/decisions/0470; brotli cannot be stitched cheaply), else plain. Its ETag
   * names the stored bytes and the shopper's, so it changes with the cart. Undefined while the
   * page's gzip pieces are being made.
   */
  function answerWith(
    page: StoredPage,
    cut: Cut,
    plain: Plain,
    request: PageRequest,
    state: CacheState,
    own: { slots: readonly string[]; cookies: readonly string[] },
  ): CachedAnswer | undefined {
    const encoding = preferredEncoding(request.headers.get("Accept-Encoding"), ["gzip"]);
    const gzip = state === "miss" || encoding === "identity" ? undefined : cut.gzip;
    if (encoding === "gzip" && state !== "miss" && !gzip) return undefined;
    const mine = filledSlots(own.slots);
    const headersFor = () => {
      const headers = headersOf(page, state, PRIVATE_REVALIDATE);
      if (own.cookies.length > 0) headers["set-cookie"] = [...own.cookies];
      return headers;
    };
    if (!gzip) {
      const body = plain
        .segments()!
        .flatMap((segment, i) => (i === 0 ? [segment] : [mine.bytes[i - 1], segment]));
      // A page just stored is compressed on the way out like any rendered page: no validator.
      const etag =
        state === "miss"
          ? undefined
          : `"${(page.tags.identity ??= tagOf(plain.identity()))}-${mine.tag}"`;
      return finish(
        page,
        headersFor(),
        body,
        "identity",
        etag,
        !!etag && holds(request, () => etag),
      );
    }
    const etag = () => `"${gzip.tag}-${mine.tag}"`;
    const notModified = holds(request, etag);
    const given = (kept = false) => {
      const pieces = gzip.pieces.flatMap((piece, i) =>
        i === 0 ? [piece] : [mine.pieces[i - 1], piece],
      );
      const body = kept && !notModified ? joinedIfRoom(gzipOf(pieces)) : gzipOf(pieces);
      return finish(page, headersFor(), body, "gzip", etag(), notModified);
    };
    if (state !== "hit" || own.cookies.length > 0) return given();
    // Shoppers whose slots are the same (the same cart count, no notice) get the same answer:
    // made once, frozen, as an anonymous hit is. A few slot sets a page, the last asked for.
    // Keyed by the slots' validator, the same string each time (its hash is computed once).
    const answers = (gzip.answers ??= new Map<string, Array<CachedAnswer | undefined>>());
    const kept = answers.get(mine.tag) ?? [];
    // Moved last as the one asked for most lately; past the bound the first goes.
    answers.delete(mine.tag);
    answers.set(mine.tag, kept);
    if (answers.size > SHOPPER_ANSWERS) answers.delete(answers.keys().next().value!);
    return keptAnswer(kept, notModified ? 1 : 0, () => given(true));
  }

  return {
    /**
     * The shopper's answer when it can be given at once: their slots kept and the page's pieces
     * made. Null when the document has no slots to fill (the caller renders the page for the
     * request); undefined when something is still to be made (`answer` makes it).
     */
    answerNow(
      page: StoredPage,
      request: PageRequest,
      state: CacheState,
      slots: PersonalSlots,
    ): CachedAnswer | null | undefined {
      const plain = plainOf(page, slots);
      const cut = cutOf(page, plain);
      if (!cut) return null;
      const kept = slots.kept(request);
      return kept && answerWith(page, cut, plain, request, state, { slots: kept, cookies: [] });
    },
    /** The shopper's answer, their slots read and rendered if need be; null as `answerNow`. */
    async answer(
      page: StoredPage,
      request: PageRequest,
      state: CacheState,
      slots: PersonalSlots,
    ): Promise<CachedAnswer | null> {
      const plain = plainOf(page, slots);
      const cut = cutOf(page, plain);
      if (!cut) return null;
      const own = await slots.fill(request);
      const now = answerWith(page, cut, plain, request, state, own);
      if (now) return now;
      cut.gzip = await (cut.deflating ??= deflateCut(plain.segments()!));
      return answerWith(page, cut, plain, request, state, own)!;
    },
  };
}

async function deflateCut(segments: Buffer[]): Promise<DeflatedCut> {
  const pieces = await Promise.all(segments.map((segment) => deflatePiece(segment)));
  return { pieces, tag: tagOf(Buffer.concat(pieces.map((piece) => piece.deflated))) };
}
