/** Character-code helpers shared by the paste readers. */

/** The value of a hex digit's char code (`0-9`, `a-f`, `A-F`), or -1. */
export function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  return -1;
}
