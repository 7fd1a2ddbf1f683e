import * as v from 'valibot';

// Apart from the page (-home.tsx), so the route tree does not bring the page into the first bundle.
/**
 * / and /conversation: `?voice=true` starts a call once the user's data is open
 * (docs/product/voice.md#auto-start). The router reads search values as JSON, so `true` arrives as
 * a boolean; '"true"' as the string.
 */
export const homeSearchSchema = v.object({
  voice: v.fallback(
    v.pipe(
      v.optional(v.union([v.boolean(), v.string()])),
      v.transform((value) => value === true || value === 'true' || undefined),
    ),
    undefined,
  ),
});
