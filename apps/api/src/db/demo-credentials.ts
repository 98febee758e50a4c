import type { DemoCredentials } from './demo-seed';

export function formatDemoCredentials(credentials: DemoCredentials, publicUrl: string): string {
  const lines = [
    '',
    `  Demo operator loaded. Sign in at ${publicUrl}/login`,
    '',
    '  Managers:',
    ...credentials.managers.map(
      (m) => `    ${m.name.padEnd(22)} ${m.email.padEnd(30)} password ${m.password}`,
    ),
    '',
    `  Drivers (terminal at ${publicUrl}/terminal):`,
    ...credentials.drivers.map(
      (d) => `    ${d.name.padEnd(22)} ${d.email.padEnd(30)} password ${d.password}   PIN ${d.pin}`,
    ),
    '',
  ];
  return lines.join('\n');
}
