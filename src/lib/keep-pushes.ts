// A sync push under way when its page goes (a tab closed right after typing) is completed by the
// browser rather than cancelled with the page: `keepalive`, for a body the browser allows it for
// (at most 64 KB are kept in flight). Larger pushes (a pile of offline rows) go as usual.
const KEEPALIVE_BYTES = 60_000;

export function keepingPushes(next: () => typeof fetch): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init?.body;
    const small = typeof body === 'string' && body.length < KEEPALIVE_BYTES;
    return next()(input, url.endsWith('/rpc/sync_push') && small ? { ...init, keepalive: true } : init);
  };
}
