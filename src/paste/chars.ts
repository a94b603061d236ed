/** Character-code helpers shared by the paste readers. */

/** The value of a hex digit's char code (`0-9`, `a-f`, `A-F`), or -1. */
export function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  return -1;
}

/** The most arguments handed to `String.fromCharCode` at once: far below any engine's stack limit. */
const CHUNK = 0x2000;

/** Code units `codes[0..length)` as a string, converted in bounded chunks joined once. */
export function codesToString(codes: Uint16Array | Uint8Array, length = codes.length): string {
  // eslint-disable-next-line no-restricted-syntax -- bounded: at most CHUNK code units per call
  if (length <= CHUNK) return String.fromCharCode.apply(null, codes.subarray(0, length) as unknown as number[]);
  const parts: string[] = [];
  for (let k = 0; k < length; k += CHUNK) {
    // eslint-disable-next-line no-restricted-syntax -- bounded: at most CHUNK code units per call
    parts.push(String.fromCharCode.apply(null, codes.subarray(k, Math.min(k + CHUNK, length)) as unknown as number[]));
  }
  return parts.join('');
}

/**
 * A piece of a text, `text[from..to)`, filled in place: a reader that hands
 * out words this way allocates nothing for a word that is a plain piece of
 * the paste, and the caller slices only the words it keeps.
 */
export interface Span {
  text: string;
  from: number;
  to: number;
}

const NO_UNITS = new Uint16Array(0);

/** The largest buffer a builder keeps between two texts. */
const KEEP_UNITS = 0x4000;

/** Runs at least this long are kept as slices of the input instead of being copied. */
const LONG_RUN = 256;

/**
 * Builds one decoded string (a word, a quoted string) in time and memory
 * linear in its length, however many pieces it is made of: short pieces and
 * single characters go into a code-unit buffer, long runs are kept as slices
 * of the input, and everything is joined once in {@link take}. Repeated `+=`
 * would build a rope of one node per escape, which the garbage collector
 * copies again and again once it outgrows the young generation (a 1 MB
 * escape-dense body then cost 20× a 256 KB one instead of 4×).
 */
export class TextBuilder {
  private units = NO_UNITS;
  private length = 0;
  private parts: string[] | null = null;
  private started = false;
  /** The first piece while it is the only one: most words are one slice, taken without a copy. */
  private lone: string | null = null;
  private loneFrom = 0;
  private loneTo = 0;

  /** Nothing was added yet (not even an empty piece). */
  get empty(): boolean {
    return !this.started;
  }

  /** Marks the text as present even if no character follows (an empty quoted word). */
  touch(): void {
    this.started = true;
  }

  addCode(code: number): void {
    if (this.lone !== null) this.spill();
    this.started = true;
    if (this.length === this.units.length) this.grow();
    this.units[this.length++] = code;
  }

  /** Adds `text[from..to)`. */
  addSlice(text: string, from: number, to: number): void {
    if (this.lone === null && this.length === 0 && this.parts === null) {
      this.started = true;
      this.lone = text;
      this.loneFrom = from;
      this.loneTo = to;
      return;
    }
    if (this.lone !== null) this.spill();
    if (to - from >= LONG_RUN) {
      this.flush();
      (this.parts ??= []).push(text.slice(from, to));
      return;
    }
    for (let k = from; k < to; k++) this.addCode(text.charCodeAt(k));
  }

  /** Adds a whole (short) string. */
  add(piece: string): void {
    this.addSlice(piece, 0, piece.length);
  }

  /**
   * Like {@link take}, into `span`: a lone piece stays a span of its input,
   * uncut; anything else is built and spans the whole built string. False
   * (and `span` untouched) when nothing was added.
   */
  takeInto(span: Span): boolean {
    if (!this.started) return false;
    if (this.lone !== null) {
      span.text = this.lone;
      span.from = this.loneFrom;
      span.to = this.loneTo;
      this.lone = null;
      this.started = false;
      return true;
    }
    const built = this.take() as string;
    span.text = built;
    span.from = 0;
    span.to = built.length;
    return true;
  }

  /** The text built (null when nothing was added), and a reset for the next one. */
  take(): string | null {
    if (!this.started) return null;
    let out: string;
    if (this.lone !== null) {
      out = this.lone.slice(this.loneFrom, this.loneTo);
      this.lone = null;
    } else if (this.parts === null) {
      out = this.length === 0 ? '' : codesToString(this.units, this.length);
    } else {
      this.flush();
      out = this.parts.join('');
    }
    this.length = 0;
    this.parts = null;
    this.started = false;
    // A builder may be reused for a whole paste: keep a small buffer, drop a huge one.
    if (this.units.length > KEEP_UNITS) this.units = NO_UNITS;
    return out;
  }

  /** Moves the lone first piece into the buffer (or the parts) once a second piece comes. */
  private spill(): void {
    const text = this.lone as string;
    this.lone = null;
    const from = this.loneFrom;
    const to = this.loneTo;
    if (to - from >= LONG_RUN) (this.parts ??= []).push(text.slice(from, to));
    else for (let k = from; k < to; k++) this.addCode(text.charCodeAt(k));
  }

  private flush(): void {
    if (this.length === 0) return;
    (this.parts ??= []).push(codesToString(this.units, this.length));
    this.length = 0;
  }

  private grow(): void {
    const grown = new Uint16Array(Math.max(64, this.units.length * 2));
    grown.set(this.units);
    this.units = grown;
  }
}
