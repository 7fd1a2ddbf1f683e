// The engines beside Chromium, each with the prefix its test data carries.
import type { EngineDevice } from './device';
import type { ProxyOptions } from './offline-proxy';
import { launchFirefox } from './firefox';
import { EnginePage } from './page';
import { launchWebKit } from './webkit';

export const ENGINES: [name: string, prefix: string, launch: (options?: ProxyOptions) => Promise<EngineDevice>][] = [
  ['Firefox ESR', 'F', launchFirefox],
  // navigator.onLine stays true there: only the proxy says the network is gone.
  ['WebKit (WebKitGTK)', 'W', launchWebKit],
];

/** A page of a freshly launched browser; stopped by `stopAll`. */
export async function openPage(
  launch: (options?: ProxyOptions) => Promise<EngineDevice>,
  opened: EngineDevice[],
  options: ProxyOptions = {},
) {
  const device = await launch(options);
  opened.push(device);
  return new EnginePage(device);
}

export async function stopAll(opened: EngineDevice[]) {
  await Promise.all(opened.splice(0).map((d) => d.stop()));
}
