// jsdom ships no types (and no @types/jsdom matches its major version): the little the tests use.
declare module 'jsdom' {
  export class JSDOM {
    /** Parses the markup; scripts are not run and no resource is loaded unless asked for. */
    constructor(html: string, options?: { contentType?: string; url?: string });
    readonly window: Window & typeof globalThis;
  }
}
