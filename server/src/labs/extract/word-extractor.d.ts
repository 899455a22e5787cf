declare module 'word-extractor' {
  type WordDocument = { getBody(): string; getHeaders(options?: { includeFooters?: boolean }): string };
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
