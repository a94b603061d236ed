/**
 * A SHA-256 compression function in WebAssembly SIMD that hashes four
 * independent blocks at once, one per lane of `i32x4` (the multi-buffer
 * layout of SHA-256 implementations for SIMD: word i of lane j sits at
 * `i * 16 + j * 4`). The module's bytes are emitted here, at load, from the
 * FIPS 180-4 round function, so there is no build step and no binary blob in
 * the repository. {@link ./hmac.ts} drives it.
 *
 * Memory layout (one 64 KiB page, imported as `env.mem`), all lane-interleaved:
 * - `WS`: the outer hash's block (the inner digest in words 0–7, padding in 8–15),
 * - `ST`: the state the compression reads and updates in place (the result),
 * - `INS`/`OUTS`: each lane's inner and outer starting states,
 * - `MSG`: up to {@link MSG_BLOCKS} message blocks per lane, `MSG + b * 256`.
 *
 * Exports: `compress(wptr)` (one block from `wptr` into `ST`) and
 * `hmac(nblocks)` (`ST ← INS`, `nblocks` blocks of `MSG`, then the outer
 * compression from `OUTS` over the inner digest: `ST` holds the four HMACs).
 */

export const WS = 0;
export const ST = 256;
export const INS = 384;
export const OUTS = 512;
export const BLK = 768;
export const MSG = 1024;
export const MSG_BLOCKS = 2;

/** FIPS 180-4 §4.2.2: the round constants. */
export const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
] as const;

/** FIPS 180-4 §5.3.3: the initial hash value. */
export const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19] as const;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/* eslint-disable no-restricted-syntax -- bounded: each spread is one instruction's bytes (a LEB128 number, 16 lanes) */
/** A function body under construction: opcodes named as in the WebAssembly spec. */
class Body {
  readonly bytes: number[] = [];

  private op(...codes: number[]): this {
    for (const code of codes) this.bytes.push(code);
    return this;
  }
  private simd(code: number, ...rest: number[]): this {
    return this.op(0xfd, ...uleb(code), ...rest);
  }
  get(local: number): this {
    return this.op(0x20, ...uleb(local));
  }
  set(local: number): this {
    return this.op(0x21, ...uleb(local));
  }
  tee(local: number): this {
    return this.op(0x22, ...uleb(local));
  }
  i32(value: number): this {
    return this.op(0x41, ...sleb(value | 0));
  }
  i32_add(): this {
    return this.op(0x6a);
  }
  i32_mul(): this {
    return this.op(0x6c);
  }
  i32_ge_s(): this {
    return this.op(0x4e);
  }
  call(index: number): this {
    return this.op(0x10, ...uleb(index));
  }
  block_loop(): this {
    return this.op(0x02, 0x40, 0x03, 0x40);
  }
  br_if(depth: number): this {
    return this.op(0x0d, ...uleb(depth));
  }
  br(depth: number): this {
    return this.op(0x0c, ...uleb(depth));
  }
  end(): this {
    return this.op(0x0b);
  }
  /** v128.load with a constant offset from the address on the stack (align 2^4). */
  load(offset = 0): this {
    return this.simd(0x00, 4, ...uleb(offset));
  }
  store(offset = 0): this {
    return this.simd(0x0b, 4, ...uleb(offset));
  }
  load_at(address: number): this {
    return this.i32(address).load();
  }
  splat_const(value: number): this {
    const lane = [value & 255, (value >>> 8) & 255, (value >>> 16) & 255, (value >>> 24) & 255];
    return this.simd(0x0c, ...lane, ...lane, ...lane, ...lane);
  }
  xor(): this {
    return this.simd(0x51);
  }
  or(): this {
    return this.simd(0x50);
  }
  bitselect(): this {
    return this.simd(0x52);
  }
  add(): this {
    return this.simd(0xae);
  }
  shl(bits: number): this {
    return this.i32(bits).simd(0xab);
  }
  shr_u(bits: number): this {
    return this.i32(bits).simd(0xad);
  }
  rotr(local: number, bits: number): this {
    return this.get(local).shr_u(bits).get(local).shl(32 - bits).or();
  }
}
/* eslint-enable no-restricted-syntax */

const V128 = 0x7b;
const I32 = 0x7f;

/** compress(wptr): 64 rounds over the block at `wptr`, added into `ST`. Fully unrolled, the working variables renamed instead of moved. */
function compress_body(): { locals: [number, number][]; code: number[] } {
  const c = new Body();
  const A = 1; // locals 1–8: a…h
  const W = 9; // locals 9–24: the message schedule's last 16 words
  const T = 25;
  for (let i = 0; i < 8; i++) c.load_at(ST + i * 16).set(A + i);
  for (let i = 0; i < 16; i++) c.get(0).load(i * 16).set(W + i);
  let v = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => A + i);
  for (let t = 0; t < 64; t++) {
    const [a, b, cc, d, e, f, g, h] = v as [number, number, number, number, number, number, number, number];
    const w = W + (t % 16);
    if (t >= 16) {
      // W_t = σ1(W_t−2) + W_t−7 + σ0(W_t−15) + W_t−16, in the slot of W_t−16.
      const w2 = W + ((t - 2) % 16);
      const w7 = W + ((t - 7) % 16);
      const w15 = W + ((t - 15) % 16);
      c.get(w).rotr(w2, 17).rotr(w2, 19).xor().get(w2).shr_u(10).xor().add().get(w7).add();
      c.rotr(w15, 7).rotr(w15, 18).xor().get(w15).shr_u(3).xor().add().set(w);
    }
    // T1 = h + Σ1(e) + Ch(e, f, g) + K_t + W_t, with Ch = bitselect(f, g, e).
    c.get(h).rotr(e, 6).rotr(e, 11).xor().rotr(e, 25).xor().add().get(f).get(g).get(e).bitselect().add();
    c.splat_const(K[t] as number).add().get(w).add().tee(T).get(d).add().set(d);
    // h ← T1 + Σ0(a) + Maj(a, b, c), with Maj = bitselect(c, b, a ^ b).
    c.get(T).rotr(a, 2).rotr(a, 13).xor().rotr(a, 22).xor().add().get(cc).get(b).get(a).get(b).xor().bitselect().add().set(h);
    v = [h, a, b, cc, d, e, f, g];
  }
  for (let i = 0; i < 8; i++) c.i32(ST + i * 16).load_at(ST + i * 16).get(v[i] as number).add().store();
  c.end();
  return { locals: [[25, V128]], code: c.bytes };
}

/** hmac(nblocks): the inner hash over `MSG`, then the outer one. */
function hmac_body(): { locals: [number, number][]; code: number[] } {
  const c = new Body();
  const copy = (from: number, to: number, count: number) => {
    for (let i = 0; i < count; i++) c.i32(to + i * 16).load_at(from + i * 16).store();
  };
  copy(INS, ST, 8);
  // for (b = 0; b < nblocks; b++) compress(MSG + b * 256)
  c.block_loop().get(1).get(0).i32_ge_s().br_if(1);
  c.i32(MSG).get(1).i32(256).i32_mul().i32_add().call(0);
  c.get(1).i32(1).i32_add().set(1).br(0).end().end();
  copy(ST, WS, 8);
  copy(OUTS, ST, 8);
  c.i32(WS).call(0).end();
  return { locals: [[1, I32]], code: c.bytes };
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

function vector(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function name(text: string): number[] {
  return [...uleb(text.length), ...Array.from(text, (ch) => ch.charCodeAt(0))];
}

/** The module's bytes. */
export function sha256_simd_module(): Uint8Array {
  const function_body = (f: { locals: [number, number][]; code: number[] }) => {
    const body = [...vector(f.locals.map(([count, type]) => [...uleb(count), type])), ...f.code];
    return [...uleb(body.length), ...body];
  };
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, 1, I32, 0]])), // type 0: (i32) → ()
    ...section(2, vector([[...name('env'), ...name('mem'), 0x02, 0x00, 0x01]])), // memory, at least 1 page
    ...section(3, vector([[0], [0]])),
    ...section(7, vector([[...name('compress'), 0x00, 0], [...name('hmac'), 0x00, 1]])),
    ...section(10, vector([function_body(compress_body()), function_body(hmac_body())])),
  ];
  return Uint8Array.from(bytes);
}
