// The part of jsdom's API the tests use directly (a document of their own beside Node's
// fetch: live.test.ts); the package ships no types.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
