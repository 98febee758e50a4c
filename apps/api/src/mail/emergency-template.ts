import { escapeHtml, type MailContent, mailPage } from './templates';

export interface EmergencyFacts {
  appName: string;
  publicUrl: string;
  typeName: string;
  driverName: string;
  vehicle: string | null;
  location: string | null;
  description: string | null;
  /** Already formatted in the operator's time zone. */
  raisedAt: string;
}

/** To every manager, the moment a driver raises an emergency at the terminal. */
export function emergencyAlertMail(f: EmergencyFacts): MailContent {
  const lines = [
    `Emergency: ${f.typeName}`,
    `Driver: ${f.driverName}`,
    ...(f.vehicle ? [`Vehicle: ${f.vehicle}`] : []),
    `Location: ${f.location ?? 'not given'}`,
    ...(f.description ? [`Details: ${f.description}`] : []),
    `Raised: ${f.raisedAt}`,
  ];
  return {
    subject: `EMERGENCY: ${f.typeName} (${f.driverName})`,
    text: [`${f.driverName} raised an emergency alert.`, '', ...lines, '', `${f.publicUrl}/`].join('\n'),
    html: mailPage(
      f.appName,
      `<p style="color:#c92a2a;font-weight:bold">${escapeHtml(f.driverName)} raised an emergency alert.</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(`${f.publicUrl}/`)}">Open the office screen</a></p>`,
    ),
  };
}
