// The certification form: with no beneficial owner listed, the signer states that nobody owns
// 25% or more, or lists the owners first (SPEC section 5); a signed statement stays shown.
import { renderWithServices } from '../serverRender';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { BeneficialOwner, Business } from '../../../api/business';
import { BeneficialOwnersSection } from '../../../src/business/BeneficialOwnersSection';
import { CertificationSection } from '../../../src/business/CertificationSection';
import {
  CERTIFICATION_TEXT,
  CERTIFICATION_TEXT_V1,
  NO_OWNER_STATEMENT,
} from '../../../rules/business';

const person = (fields: Partial<BeneficialOwner>): BeneficialOwner => ({
  id: 'p1',
  firstName: 'Carl',
  lastName: 'Chief',
  ownershipPct: '0',
  birthdate: '1975-06-01',
  address: null,
  ssnGiven: true,
  complete: true,
  controlling: true,
  controlTitle: 'CEO',
  ...fields,
});

const business = (fields: Partial<Business>): Business => ({
  accountId: 'a1',
  accountType: 'label',
  editable: true,
  isBusiness: true,
  state: 'verified',
  details: null,
  owners: [person({})],
  certification: null,
  voidedAt: null,
  version: 3,
  ...fields,
});

function render(
  section: typeof CertificationSection | typeof BeneficialOwnersSection,
  shown: Business,
  language = 'en',
): string {
  return renderWithServices(
    createElement(section, { business: shown, onSaved: () => undefined }),
    language,
  );
}

/** The HTML of a text as React writes it. */
const html = (text: string) => text.replace(/'/g, '&#x27;');

describe('the certification form', () => {
  it('asks for the statement that nobody owns 25% or more when no beneficial owner is listed', () => {
    const page = render(CertificationSection, business({}));
    expect(page).toContain(html(NO_OWNER_STATEMENT));
    expect(page).toContain(
      'No beneficial owner is listed: list every person who owns 25% or more, or check the statement that nobody does.',
    );
    expect(page).toContain(html(CERTIFICATION_TEXT));
    // Nothing is checked yet: the signature waits.
    expect(page).toMatch(/<button type="submit"[^>]*disabled=""/);
  });

  it('offers no statement once an owner of 25% or more is listed', () => {
    const page = render(
      CertificationSection,
      business({ owners: [person({ ownershipPct: '25', controlling: false })] }),
    );
    expect(page).not.toContain(html(NO_OWNER_STATEMENT));
  });

  it('shows the statement signed, and the words of the version signed', () => {
    const signed = (text: string, noOwnerAtThreshold: boolean) =>
      render(
        CertificationSection,
        business({
          state: 'certified',
          certification: {
            signerName: 'Lena Label',
            signerTitle: 'CEO',
            signedAt: 1_790_000_000,
            text,
            noOwnerAtThreshold,
          },
        }),
      );
    const withStatement = signed(`${CERTIFICATION_TEXT} ${NO_OWNER_STATEMENT}`, true);
    expect(withStatement).toContain(`${html(CERTIFICATION_TEXT)} ${html(NO_OWNER_STATEMENT)}`);
    const before = signed(CERTIFICATION_TEXT_V1, false);
    expect(before).toContain(html(CERTIFICATION_TEXT_V1));
    expect(before).not.toContain(html(NO_OWNER_STATEMENT));
  });

  it('is translated', () => {
    expect(render(CertificationSection, business({}), 'fr')).toContain(
      html(
        "Aucune personne ne détient, directement ou indirectement, 25 % ou plus de l'entreprise.",
      ),
    );
    expect(render(CertificationSection, business({}), 'ja')).toContain(
      '事業者の 25% 以上を直接または間接に所有する人はいません。',
    );
  });
});

describe('the beneficial owners list', () => {
  it('names the controlling person and their title, and asks for one', () => {
    const page = render(BeneficialOwnersSection, business({}));
    expect(page).toContain('Controlling person (CEO)');
    expect(page).toContain('Name one controlling person too');
  });
});
