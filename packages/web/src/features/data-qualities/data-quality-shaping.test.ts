import { describe, expect, it } from 'vitest';
import { clampPage, clientNameOf, issuesByField, issueTone, offsetOfPage } from './data-quality-shaping';

const counts = {
  phoneMissing: 4,
  phoneInvalid: 2,
  emailMissing: 7,
  emailInvalid: 1,
  birthDateMissing: 9,
  birthDateImplausible: 3,
  genderMissing: 5,
  consentMissing: 6,
  duplicates: 8,
};

describe('issuesByField', () => {
  it('puts each API count under its field, in the order of the record, with no invalid check for gender and consent', () => {
    expect(issuesByField(counts)).toEqual([
      { field: 'phone', missing: 4, invalid: 2, duplicates: 0 },
      { field: 'email', missing: 7, invalid: 1, duplicates: 0 },
      { field: 'birthDate', missing: 9, invalid: 3, duplicates: 0 },
      { field: 'gender', missing: 5, invalid: null, duplicates: 0 },
      { field: 'consent', missing: 6, invalid: null, duplicates: 0 },
      { field: 'duplicate', missing: 0, invalid: null, duplicates: 8 },
    ]);
  });
});

describe('issueTone', () => {
  it('reads a missing field, a wrong value and a duplicate from the finding', () => {
    expect(issueTone('PHONE_MISSING')).toBe('missing');
    expect(issueTone('CONSENT_MISSING')).toBe('missing');
    expect(issueTone('EMAIL_INVALID')).toBe('invalid');
    expect(issueTone('BIRTH_DATE_IMPLAUSIBLE')).toBe('invalid');
    expect(issueTone('DUPLICATE')).toBe('duplicate');
  });
});

describe('clientNameOf', () => {
  it('joins first and last name, and names a record without either by its number', () => {
    const unnamed = (id: number) => `Client #${id}`;
    expect(clientNameOf({ clientId: 3, firstName: 'Anna', lastName: 'Rossi' }, unnamed)).toBe('Anna Rossi');
    expect(clientNameOf({ clientId: 3, firstName: '', lastName: 'Rossi' }, unnamed)).toBe('Rossi');
    expect(clientNameOf({ clientId: 12, firstName: ' ', lastName: '' }, unnamed)).toBe('Client #12');
  });
});

describe('paging the records to fix', () => {
  it('turns a page into the offset the API takes', () => {
    expect(offsetOfPage(0, 25)).toBe(0);
    expect(offsetOfPage(3, 25)).toBe(75);
    expect(offsetOfPage(-1, 25)).toBe(0);
  });

  it('keeps the page within the list when it gets shorter (another salon, more rows per page)', () => {
    // 60 rows of 25: pages 0, 1, 2.
    expect(clampPage(2, 60, 25)).toBe(2);
    expect(clampPage(5, 60, 25)).toBe(2);
    // 50 rows: pages 0 and 1 (page 2 would be empty).
    expect(clampPage(2, 50, 25)).toBe(1);
    expect(clampPage(4, 0, 25)).toBe(0);
    expect(clampPage(-2, 60, 25)).toBe(0);
  });
});
