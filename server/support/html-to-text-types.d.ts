/**
 * The part of html-to-text's API we use (the package ships no types, and @types/html-to-text would
 * be one more download for two functions' worth of signatures).
 */
declare module 'html-to-text' {
  export interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  export interface HtmlToTextOptions {
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
    decodeEntities?: boolean;
    limits?: { maxInputLength?: number; ellipsis?: string };
  }
  export function convert(html: string, options?: HtmlToTextOptions): string;
}
