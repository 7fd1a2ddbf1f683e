import type { KeptQuery } from '../data/kept-query';

/** A kept query (features/email-assistant) holding `data`, loaded from the server and settled. */
export const keptQuery = <T>(data: T | undefined, over: Partial<KeptQuery<T>> = {}): KeptQuery<T> => ({
  data,
  loadedAt: data === undefined ? null : Date.parse('2026-11-24T09:30:00Z'),
  fromDevice: false,
  error: null,
  loading: false,
  reload: () => Promise.resolve(),
  ...over,
});
