/** Now, by a context's own clock when it has one (tests set one), else the real one. */
export const nowOf = (ctx: { now?: () => number }): number => (ctx.now ? ctx.now() : Date.now());
