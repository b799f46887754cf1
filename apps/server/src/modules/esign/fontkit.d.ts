/** The part of fontkit 2 (no types of its own) the e-sign PDFs use, through esign.fontkit.ts. */
declare module 'fontkit' {
  export interface Subset {
    includeGlyph(glyph: unknown): number;
    encode(): Uint8Array;
  }
  export interface Font {
    createSubset(): Subset;
  }
  export function create(buffer: Buffer, postscriptName?: string): Font;
}
