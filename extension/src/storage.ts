// What the extension keeps (the session, the saves waiting to be sent): chrome.storage.local in the
// browser, where it survives a restart; a map in tests.

export interface KeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

export const extensionStorage = (): KeyValue => ({
  get: async (key) => (await chrome.storage.local.get(key))[key],
  set: (key, value) => chrome.storage.local.set({ [key]: value }),
  remove: (key) => chrome.storage.local.remove(key),
});

export function memoryStorage(): KeyValue & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (key) => Promise.resolve(structuredClone(data.get(key))),
    set: (key, value) => Promise.resolve(void data.set(key, structuredClone(value))),
    remove: (key) => Promise.resolve(void data.delete(key)),
  };
}
