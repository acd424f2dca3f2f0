// The one call scripts/subset-certificate-font.ts makes of subset-font (which ships no types).
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'truetype' | 'woff' | 'woff2';
      noHinting?: boolean;
      noLayoutClosure?: boolean;
    },
  ): Promise<Uint8Array>;
}
