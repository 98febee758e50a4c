import type { DemoCredentials } from './demo-seed';

export function formatDemoCredentials(
  credentials: DemoCredentials,
  publicUrl: string,
  terminalCode?: string,
): string {
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
    '  Terminal: a PIN works only on an enrolled device. Open the terminal page and enter',
    terminalCode
      ? `    the enrolment code ${terminalCode} (it works once, for 15 minutes), or make a new one with`
      : '    an enrolment code made with',
    '    npm run cli -- terminal:code --name "Depot kiosk"   (stop the server first on the embedded database)',
    '    or in Settings > Terminals.',
    '',
  ];
  return lines.join('\n');
}
