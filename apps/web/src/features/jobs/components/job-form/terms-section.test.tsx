// @vitest-environment happy-dom
import type { TermsTemplate } from '@dms/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TERMS_TEMPLATES_KEY } from '../../api';
import { choose, renderSection } from './section-harness';
import { TermsSection } from './terms-section';

const template = (id: string, name: string, content: string, isActive: 0 | 1 = 1) =>
  ({ id, name, content, isActive, isDefault: 0 }) as TermsTemplate;

const data: [unknown[], unknown][] = [
  [
    TERMS_TEMPLATES_KEY,
    [
      template('t1', 'Standard Charter Terms', '<p>Standard terms</p>'),
      template('t2', 'School Excursions', '<p>School terms</p>'),
      template('t3', 'Retired', '<p>Old</p>', 0),
    ],
  ],
];

describe('TermsSection', () => {
  it("offers the active templates and takes a chosen template's text", async () => {
    const { user, state } = renderSection((props) => <TermsSection {...props} />, { data });
    expect(screen.getByRole('region', { name: 'Terms and Conditions' })).toHaveTextContent('Terms');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Standard Charter Terms',
      'School Excursions',
    ]);
    await user.click(screen.getByRole('option', { name: 'School Excursions' }));
    expect(state()).toMatchObject({ termsTemplateId: 't2', termsAndConditions: '<p>School terms</p>' });
    await choose(user, screen.getByRole('combobox', { name: 'Template' }), 'Standard Charter Terms');
    expect(state().termsAndConditions).toBe('<p>Standard terms</p>');
  });
});
