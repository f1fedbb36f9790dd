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
  export interface BlockBuilder {
    openBlock(options?: { leadingLineBreaks?: number; reservedLineLength?: number; isPre?: boolean }): void;
    closeBlock(options?: { trailingLineBreaks?: number; blockTransform?: (text: string) => string }): void;
    addLiteral(text: string): void;
  }
  export interface DomElement {
    name: string;
    children: unknown[];
  }
  export type FormatCallback = (
    elem: DomElement,
    walk: (nodes: unknown[], builder: BlockBuilder) => void,
    builder: BlockBuilder,
    formatOptions: { leadingLineBreaks?: number; trailingLineBreaks?: number },
  ) => void;
  export interface HtmlToTextOptions {
    formatters?: Record<string, FormatCallback>;
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
    decodeEntities?: boolean;
    limits?: { maxInputLength?: number; ellipsis?: string };
  }
  export function convert(html: string, options?: HtmlToTextOptions): string;
}
