// freePort(): the ports the stack hands to the services it starts.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, stopInReverse } from './process.mjs';

describe('freePort', () => {
  it('hands out distinct ports below the ephemeral range, each one listenable', async () => {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports: number[] = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(20);
    // Outgoing connections take their own ends from the ephemeral range: none can take these.
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow!);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('stopInReverse', () => {
  it('runs the steps last first, and a step that hangs does not keep the next from running', async () => {
    const ran: string[] = [];
    const logged: string[] = [];
    const stops = [
      async () => void ran.push('postgres'),
      () => new Promise<void>(() => ran.push('pool (hangs)')),
      async () => void ran.push('gateway'),
    ];
    await stopInReverse(stops, (line) => logged.push(line), 50);
    expect(ran).toEqual(['gateway', 'pool (hangs)', 'postgres']);
    expect(stops).toEqual([]);
    expect(logged).toEqual(['[stack] stop: Error: a step did not end within 0.05 s']);
  });
});
